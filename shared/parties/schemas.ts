import * as v from 'valibot';
import type { Id } from '../platform/core/ids.ts';
import { CurrencyCode, Email, PagingQuery, PaymentTermsDays, ResourceId, Text, Timestamp } from '../platform/core/fields.ts';
import { Address } from '../platform/core/address.ts';
import { ElectronicAddress, ElectronicAddressShown } from '../platform/core/electronic-address.ts';

export { Address };

/** How a customer prefers its invoices e-mailed: the XML of either syntax beside the PDF, or the Factur-X PDF. */
export const E_INVOICE_SYNTAXES = ['ubl', 'cii', 'factur-x'] as const;

const optionalFields = {
  email: v.optional(v.nullable(Email)),
  phone: v.optional(v.nullable(Text(50))),
  billing_address: v.optional(v.nullable(Address)),
  tax_number: v.optional(v.nullable(v.pipe(Text(50), v.description('The VAT identifier (EN 16931 BT-48), with its country prefix.')))),
  electronic_address: v.optional(v.nullable(ElectronicAddress)),
  e_invoice: v.optional(v.nullable(v.pipe(v.strictObject({ syntax: v.picklist(E_INVOICE_SYNTAXES, `must be one of ${E_INVOICE_SYNTAXES.join(', ')}`) }), v.description("A customer's preference: its invoice e-mails carry the e-invoice (ubl, cii), or are the Factur-X PDF (factur-x); null: the PDF alone.")))),
  payment_terms_days: v.optional(v.nullable(v.pipe(PaymentTermsDays, v.description("Overrides the business's payment terms for this party's invoices or bills created without a due date; null: the business's.")))),
};

export const PartyCreate = v.strictObject({
  name: Text(200),
  currency: v.optional(CurrencyCode),
  ...optionalFields,
});

/** Every field may change; optional fields are cleared with null. The currency is fixed once documents use it. */
export const PartyPatch = v.strictObject({
  name: v.optional(Text(200)),
  ...optionalFields,
});

export const Party = v.object({
  id: ResourceId,
  name: v.string(),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  currency: v.string(),
  billing_address: v.nullable(v.object({
    line1: v.optional(v.string()),
    line2: v.optional(v.string()),
    city: v.optional(v.string()),
    region: v.optional(v.string()),
    postal_code: v.optional(v.string()),
    country: v.optional(v.string()),
  })),
  tax_number: v.nullable(v.string()),
  electronic_address: v.nullable(ElectronicAddressShown),
  e_invoice: v.pipe(v.nullable(v.object({ syntax: v.picklist(E_INVOICE_SYNTAXES) })), v.description('How its invoice e-mails carry the e-invoice (ubl, cii: the XML beside the PDF; factur-x: the Factur-X PDF); null: the PDF alone.')),
  payment_terms_days: v.pipe(v.nullable(v.number()), v.description("Days after its date an invoice or bill created without a due date is due; null: the business's terms.")),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const PartyListQuery = v.strictObject({ ...PagingQuery });

export type PartyCreateInput = v.InferOutput<typeof PartyCreate>;
export type PartyPatchInput = v.InferOutput<typeof PartyPatch>;
export type PartyRecord = Omit<v.InferOutput<typeof Party>, 'id'> & { readonly id: Id };

export const CreditBalance = v.pipe(
  v.array(v.object({ currency: v.string(), amount: v.number() })),
  v.description("The party's unapplied credit per currency (by currency code): its credit notes' (vendor credits'), prepayments' and overpayments' remaining credit. Empty when none."),
);

/** A customer or vendor as GET /customers/{id} (/vendors/{id}) answers it: the party and its credit. */
export const PartyWithCredit = v.object({ ...Party.entries, credit_balance: CreditBalance });
