/**
 * Where a party receives e-invoices: an identifier in a scheme of the CEF Electronic Address Scheme list (EAS, the
 * code list EN 16931 checks with BR-CL-25: ISO 6523 ICD codes such as 0088 GLN or 0208 Belgian enterprise number,
 * and national VAT schemes such as 9930 for Germany), as a Peppol participant is addressed.
 */
import * as v from 'valibot';
import { Text } from './fields.ts';

export const EAS_CODES: readonly string[] = '0002 0007 0009 0037 0060 0088 0096 0097 0106 0130 0135 0142 0147 0151 0154 0158 0170 0177 0183 0184 0188 0190 0191 0192 0193 0194 0195 0196 0198 0199 0200 0201 0202 0203 0204 0205 0208 0209 0210 0211 0212 0213 0215 0216 0217 0218 0219 0220 0221 0225 0230 0235 0240 0244 0242 0245 0246 0248 9910 9913 9914 9915 9918 9919 9920 9922 9923 9924 9925 9926 9927 9928 9929 9930 9931 9932 9933 9934 9935 9936 9937 9938 9939 9940 9941 9942 9943 9944 9945 9946 9947 9948 9949 9950 9951 9952 9953 9957 9959 AN AQ AS AU EM'.split(' ');

const EAS_SET: ReadonlySet<string> = new Set(EAS_CODES);

export const ElectronicAddress = v.pipe(
  v.strictObject({
    scheme: v.pipe(v.string('must be a text'), v.check((scheme) => EAS_SET.has(scheme), 'must be a scheme of the CEF EAS code list (e.g. 0088, 0208, 9930)')),
    id: Text(100),
  }),
  v.description('Where the party receives e-invoices (EN 16931 BT-34 and BT-49): an identifier in a scheme of the CEF EAS code list (0088 GLN, 0208 Belgian enterprise number, 9930 German VAT number, …).'),
);

export const ElectronicAddressShown = v.object({ scheme: v.string(), id: v.string() });

export type ElectronicAddressValue = v.InferOutput<typeof ElectronicAddress>;
