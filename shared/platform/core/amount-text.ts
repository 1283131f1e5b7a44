/** An amount as a sheet, a mail or a form prints it: grouped thousands and the currency's minor digits. */
import { majorText, minorDigits } from './money.ts';

/** An amount in minor units as the sheet writes it: grouped by thousands, the currency's digits, exact. */
export function sheetAmount(minor: number | bigint, currency: string): string {
  const text = majorText(BigInt(minor), currency);
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const digits = minorDigits(currency);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${text.startsWith('-') ? '-' : ''}${grouped}${digits > 0 ? `.${fraction.padEnd(digits, '0')}` : ''}`;
}
