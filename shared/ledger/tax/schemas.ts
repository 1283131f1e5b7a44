import * as v from 'valibot';
import { CalendarDate, ResourceId, Text, Timestamp } from '../../platform/core/fields.ts';
import { TAX_CATEGORY, TAX_KINDS } from './tax-kinds.ts';

/** A percentage from 0 to 100 with at most four decimals, as a line's bare `tax_rate` takes it too. */
export const TaxPercent = v.pipe(
  v.number('must be a number'),
  v.finite('must be a finite number'),
  v.check((value) => /^\d+(\.\d{1,4})?$/.test(String(value)), 'must have at most four decimals'),
  v.minValue(0, 'must not be negative'),
  v.maxValue(100, 'must be at most 100'),
);

const TaxKindField = v.picklist(TAX_KINDS, `must be one of ${TAX_KINDS.join(', ')}`);
const ExemptionReason = v.pipe(Text(500), v.description('Why a line at this rate carries no tax, printed on the invoice: required for zero, exempt, intra_community, export and reverse_charge.'));

export const TaxRateCreate = v.strictObject({
  name: Text(100),
  rate: v.pipe(TaxPercent, v.description('Percent, 0 to 100: more than 0 for standard and reduced, 0 for zero, exempt, intra_community, export and out_of_scope; a reverse_charge rate is the rate a purchase is self-assessed at.')),
  kind: TaxKindField,
  exemption_reason: v.optional(v.nullable(ExemptionReason)),
});

export const TaxRatePatch = v.strictObject({
  name: v.optional(Text(100)),
  rate: v.optional(TaxPercent),
  kind: v.optional(TaxKindField),
  exemption_reason: v.optional(v.nullable(ExemptionReason)),
  archived: v.optional(v.boolean('must be true or false')),
});

export const TaxRateListQuery = v.strictObject({
  include_archived: v.optional(v.pipe(v.picklist(['true', 'false'], 'must be true or false'), v.transform((value) => value === 'true'), v.description('Also list archived rates (default false).'))),
});

export const TaxRate = v.object({
  id: ResourceId,
  name: v.string(),
  rate: v.number(),
  kind: v.picklist(TAX_KINDS),
  category: v.pipe(v.picklist(Object.values(TAX_CATEGORY)), v.description('The EN 16931 VAT category (UNTDID 5305) of its kind.')),
  exemption_reason: v.nullable(v.string()),
  archived: v.pipe(v.boolean(), v.description('An archived rate refuses new lines.')),
  used: v.pipe(v.boolean(), v.description('Whether any posting names it: then its rate and kind never change (a new rate is a new tax rate).')),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const TaxRateList = v.object({ items: v.array(TaxRate) });

export type TaxRateCreateInput = v.InferOutput<typeof TaxRateCreate>;
export type TaxRatePatchInput = v.InferOutput<typeof TaxRatePatch>;

export const TaxSummaryQuery = v.pipe(
  v.strictObject({
    from: v.optional(v.pipe(CalendarDate, v.description('First day (default: the first day of the calendar quarter holding to).'))),
    to: v.optional(v.pipe(CalendarDate, v.description('Last day (default today).'))),
    basis: v.optional(v.pipe(v.picklist(['accrual', 'cash'], 'must be accrual or cash'), v.description('accrual (default): as documents are posted and voided; cash: as they are settled.'))),
  }),
  v.forward(
    v.check((query) => !query.from || !query.to || query.from <= query.to, 'must not be after to'),
    ['from'],
  ),
);

const NetAndTax = v.object({ net: v.number(), tax: v.number() });

export const TaxSummary = v.object({
  from: CalendarDate,
  to: CalendarDate,
  basis: v.picklist(['accrual', 'cash']),
  currency: v.pipe(v.string(), v.description('The home currency: every figure is in it, as the journal booked it.')),
  rates: v.pipe(
    v.array(v.object({ tax_rate_id: ResourceId, name: v.string(), rate: v.number(), kind: v.picklist(TAX_KINDS), sales: NetAndTax, purchases: NetAndTax })),
    v.description('Each rate that moved in the period, by name: zero-rated, exempt and out-of-scope sales apart, each with its net.'),
  ),
  totals: v.object({
    output_tax: v.pipe(v.number(), v.description('Tax on sales (less credit notes), with self-assessed reverse-charge tax.')),
    input_tax: v.pipe(v.number(), v.description('Tax on purchases, with self-assessed reverse-charge tax.')),
    reverse_charge_tax: v.pipe(v.number(), v.description('Self-assessed tax on reverse-charge purchases (in both of the above).')),
    net_payable: v.pipe(v.number(), v.description('output_tax − input_tax: on the accrual basis, the movement of tax payable less tax receivable over the postings that carry a tax rate.')),
  }),
});
