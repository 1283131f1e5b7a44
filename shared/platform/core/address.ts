/** A postal address as the API takes it: a customer's or vendor's billing address, the business's own. */
import * as v from 'valibot';
import { Text } from './fields.ts';
import { COUNTRY_CODES } from './countries.ts';

const Country = v.pipe(v.string(), v.check((code) => COUNTRY_CODES.has(code), 'must be an ISO 3166-1 alpha-2 country code'));

export const Address = v.strictObject({
  line1: v.optional(Text(200)),
  line2: v.optional(Text(200)),
  city: v.optional(Text(100)),
  region: v.optional(Text(100)),
  postal_code: v.optional(Text(20)),
  country: v.optional(Country),
});

/** A postal address as stored and read: every part optional (a document, a sheet and an e-invoice read the same). */
export interface PostalAddress {
  readonly line1?: string | undefined;
  readonly line2?: string | undefined;
  readonly city?: string | undefined;
  readonly region?: string | undefined;
  readonly postal_code?: string | undefined;
  readonly country?: string | undefined;
}
