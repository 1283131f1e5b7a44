import * as v from 'valibot';
import { CalendarDate, CurrencyCode, Email, PaymentTermsDays, ResourceId, Text } from '../../platform/core/fields.ts';
import { Address } from '../../platform/core/address.ts';
import { ElectronicAddress, ElectronicAddressShown } from '../../platform/core/electronic-address.ts';

const FiscalMonth = v.pipe(v.number('must be a number'), v.integer('must be a whole month number'), v.minValue(1, 'must be from 1 to 12'), v.maxValue(12, 'must be from 1 to 12'));

/** Every field may change; optional fields are cleared with null. The lock date moves only through its own route. */
export const BusinessPatch = v.strictObject({
  name: v.optional(Text(200)),
  legal_name: v.optional(v.nullable(Text(200))),
  email: v.optional(v.nullable(Email)),
  phone: v.optional(v.nullable(Text(50))),
  address: v.optional(v.nullable(Address)),
  tax_number: v.optional(v.nullable(v.pipe(Text(50), v.description('The VAT identifier (EN 16931 BT-31), with its country prefix (DE123456789).')))),
  electronic_address: v.optional(v.nullable(ElectronicAddress)),
  base_currency: v.optional(v.pipe(CurrencyCode, v.description('Fixed once anything is posted (409).'))),
  payment_instructions: v.optional(v.nullable(Text(2000))),
  fiscal_year_start_month: v.optional(v.pipe(FiscalMonth, v.description('The month the financial year starts: the default profit and loss period and where the current-year earnings start.'))),
  tax_rounding: v.optional(v.pipe(v.picklist(['rate', 'line'], 'must be rate or line'), v.description("How new documents' tax is rounded: once per tax rate over the document (rate, the default, as EN 16931 requires), or on each line (line). Documents posted before keep their figures."))),
  payment_terms_days: v.optional(v.nullable(v.pipe(PaymentTermsDays, v.description('Payment terms: an invoice or bill created without a due date is due this many days after its date (a customer or vendor may have its own); null: none, such a document has no due date.')))),
});

export type BusinessPatchInput = v.InferOutput<typeof BusinessPatch>;

export const BusinessProfile = v.object({
  id: ResourceId,
  name: v.string(),
  legal_name: v.nullable(v.string()),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  address: v.nullable(v.object({ line1: v.optional(v.string()), line2: v.optional(v.string()), city: v.optional(v.string()), region: v.optional(v.string()), postal_code: v.optional(v.string()), country: v.optional(v.string()) })),
  tax_number: v.nullable(v.string()),
  electronic_address: v.nullable(ElectronicAddressShown),
  base_currency: v.string(),
  payment_instructions: v.nullable(v.string()),
  fiscal_year_start_month: v.number(),
  tax_rounding: v.picklist(['rate', 'line']),
  payment_terms_days: v.pipe(v.nullable(v.number()), v.description('Days after its date an invoice or bill created without a due date is due; null: no terms.')),
  lock_date: v.pipe(v.nullable(v.string()), v.description('Nothing is posted or reversed on or before it.')),
});

export type BusinessProfileResource = v.InferOutput<typeof BusinessProfile>;

export const LockDatePut = v.strictObject({ lock_date: v.nullable(CalendarDate) });

export const LockDateChange = v.object({ lock_date: v.nullable(v.string()), previous_lock_date: v.nullable(v.string()) });
