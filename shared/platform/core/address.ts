/** A postal address as the API takes it: a customer's or vendor's billing address, the business's own. */
import * as v from 'valibot';
import { Text } from './fields.ts';

const Country = v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code'));

export const Address = v.strictObject({
  line1: v.optional(Text(200)),
  line2: v.optional(Text(200)),
  city: v.optional(Text(100)),
  region: v.optional(Text(100)),
  postal_code: v.optional(Text(20)),
  country: v.optional(Country),
});
