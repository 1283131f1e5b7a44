/**
 * `GET /reports/tax-summary`: a period's tax return, per tax rate, in the home currency, on the accrual or the cash
 * basis, from the per-rate totals postings keep (`tax-totals.ts`): the totals at the end of `to` less those at the
 * end of the day before `from`, each read as the months before its month and the days of its month. On the
 * accrual basis the net payable is the movement of tax payable less tax receivable over the postings that carry a
 * tax rate; on the cash basis, of what settlement has recognised.
 */
import type * as v from 'valibot';
import { dayBefore, today } from '../../platform/core/dates.ts';
import type { Id } from '../../platform/core/ids.ts';
import { toMajor } from '../../platform/core/money.ts';
import { queryExactNumbers } from '../../platform/db/query.ts';
import { homeCurrencyOf, type Basis } from '../period-totals.ts';
import { periodsUpTo } from '../period-totals-rules.ts';
import { TAX_ATTRIBUTE, type TaxFigure } from './tax-totals.ts';
import { periodTotalsPk } from '../../platform/db/keys.ts';
import { cashBasisPk } from '../cash-basis.ts';
import { readTaxRates } from './tax-rates.ts';
import type { TaxSummaryQuery } from './schemas.ts';

type Figures = Map<string, Record<TaxFigure, bigint>>;

/** The per-rate figures at the end of `asOf` (on the cash basis with the gap, the negative of what settlement has yet to recognise). */
async function figuresAsOf(businessId: Id, asOf: string, basis: Basis): Promise<Figures> {
  const { months, days } = periodsUpTo(asOf);
  const read = (pk: string) => Promise.all([queryExactNumbers(pk, `M#${months[0]}`, `M#${months[1]}`), queryExactNumbers(pk, `D#${days[0]}`, `D#${days[1]}`)]).then((parts) => parts.flat());
  const [totals, gaps] = await Promise.all([read(periodTotalsPk(businessId)), basis === 'cash' ? read(cashBasisPk(businessId)) : []]);
  const figures: Figures = new Map();
  const add = (items: readonly Readonly<Record<string, string>>[]) => {
    for (const item of items) {
      for (const [name, value] of Object.entries(item)) {
        const parsed = TAX_ATTRIBUTE.exec(name);
        if (!parsed) continue;
        const rate = figures.get(parsed[1]!) ?? { sn: 0n, st: 0n, pn: 0n, pt: 0n, rc: 0n };
        rate[parsed[2] as TaxFigure] += BigInt(value);
        figures.set(parsed[1]!, rate);
      }
    }
  };
  add(totals);
  add(gaps);
  return figures;
}

/** The first day of the calendar quarter a date lies in. */
const quarterStart = (date: string) => `${date.slice(0, 5)}${String(Math.floor((Number(date.slice(5, 7)) - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;

export async function taxSummary(businessId: Id, query: v.InferOutput<typeof TaxSummaryQuery>) {
  const to = query.to ?? today();
  const from = query.from ?? quarterStart(to);
  const basis = query.basis ?? 'accrual';
  const [closing, opening, rates, currency] = await Promise.all([figuresAsOf(businessId, to, basis), figuresAsOf(businessId, dayBefore(from), basis), readTaxRates(businessId), homeCurrencyOf(businessId)]);
  const major = (minor: bigint) => toMajor(Number(minor), currency);
  const rows = rates.flatMap(({ record }) => {
    const end = closing.get(record.id);
    const start = opening.get(record.id);
    if (!end && !start) return [];
    const moved = (figure: TaxFigure) => (end?.[figure] ?? 0n) - (start?.[figure] ?? 0n);
    const row = { sn: moved('sn'), st: moved('st'), pn: moved('pn'), pt: moved('pt'), rc: moved('rc') };
    if (Object.values(row).every((value) => value === 0n)) return [];
    return [{ record, row }];
  });
  const sum = (figure: TaxFigure) => rows.reduce((total, { row }) => total + row[figure], 0n);
  // Self-assessed tax is due and deductible at once: in both, and alone in reverse_charge_tax.
  const reverseCharge = sum('rc');
  const output = sum('st') + reverseCharge;
  const input = sum('pt') + reverseCharge;
  return {
    from,
    to,
    basis,
    currency,
    rates: rows.map(({ record, row }) => ({ tax_rate_id: record.id, name: record.name, rate: record.rate, kind: record.kind, sales: { net: major(row.sn), tax: major(row.st) }, purchases: { net: major(row.pn), tax: major(row.pt + row.rc) } })),
    totals: { output_tax: major(output), input_tax: major(input), reverse_charge_tax: major(reverseCharge), net_payable: major(output - input) },
  };
}
