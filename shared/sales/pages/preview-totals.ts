/**
 * The editor's totals by the posting's own integer arithmetic: one small module the server's preview and the
 * browser's enhancement (`editor-enhance.ts`) both run, so what the page counts as you type is what the posting books.
 */
import { sheetAmount } from '../../platform/core/amount-text.ts';
import { toMinor } from '../../platform/core/money.ts';
import { documentTotals } from '../../ledger/totals.ts';

export interface PreviewTotals {
  readonly currency: string;
  /** By form row: the line's amount before tax, as written on the document. */
  readonly rows: ReadonlyMap<number, string>;
  readonly subtotal: string;
  readonly tax: string;
  readonly total: string;
}

/** The totals a valid body will post, by the posting's own arithmetic (integers; a percentage's tax rounded once, as a business that rounds per rate posts it). */
export function previewTotals(lines: readonly { readonly quantity: number; readonly unit_price: number; readonly tax_rate?: number | undefined }[], kept: readonly number[], currency: string): PreviewTotals {
  const totals = documentTotals(lines.map((line) => ({ quantity: line.quantity, unitPrice: toMinor(line.unit_price, currency) ?? 0, taxRate: line.tax_rate ?? 0, taxRateId: String(line.tax_rate ?? 0) })), { rounding: 'rate', amounts: 'exclusive' });
  const text = (minor: number) => `${currency} ${sheetAmount(minor, currency)}`;
  return { currency, rows: new Map(totals.lines.map((line, index) => [kept[index]!, text(line.amount)])), subtotal: text(totals.subtotal), tax: text(totals.taxTotal), total: text(totals.total) };
}
