/**
 * Which tax rate each line of a posting names, decided on one read of the business's rates: `tax_rate_id` as
 * given; else the bare `tax_rate` percentage, 0 to the zero rate and any other to the active standard rate of that
 * percentage (created by this posting when the business has none), so that every line posted names a rate.
 */
import type { FieldProblem } from '../../platform/core/errors.ts';
import type { Id } from '../../platform/core/ids.ts';
import { carriedRate, selfAssessedRate } from './tax-kinds.ts';
import { standardRateFor, startingRateId, type ReadRate, type TaxRateRecord } from './tax-rates.ts';

export interface LineTax {
  readonly tax_rate_id?: Id | null | undefined;
  readonly tax_rate?: number | undefined;
}

export interface ResolvedTax {
  readonly rate: TaxRateRecord;
  /** The percentage the line carries on its document: the rate's, or 0 at a reverse-charge rate. */
  readonly carried: number;
  /** The percentage a purchase line is self-assessed at (a reverse-charge rate's); 0 otherwise. */
  readonly selfAssessed: number;
}

export interface TaxRateBook {
  /** The rate a line names, or what is wrong with it (`field` is the line's path, such as `lines[2]`; empty for a body's own fields). */
  resolve(line: LineTax, field: string): ResolvedTax | FieldProblem;
  /** The rates the resolved lines name, as read (a new standard rate with no version), for `addRatesUsed`. */
  named(): ReadRate[];
}

export function taxRateBook(businessId: Id, rates: readonly ReadRate[], side: 'sales' | 'purchases', now: string): TaxRateBook {
  const byId = new Map(rates.map((rate) => [rate.record.id, rate]));
  const named = new Map<Id, ReadRate>();
  const at = (field: string, name: string) => (field ? `${field}.${name}` : name);
  const take = (rate: ReadRate): ResolvedTax => {
    named.set(rate.record.id, rate);
    return { rate: rate.record, carried: carriedRate(rate.record.kind, rate.record.rate), selfAssessed: selfAssessedRate(rate.record.kind, rate.record.rate, side) };
  };
  return {
    resolve(line, field) {
      if (line.tax_rate_id) {
        const rate = byId.get(line.tax_rate_id);
        if (!rate) return { field: at(field, 'tax_rate_id'), message: 'does not exist' };
        if (rate.record.archived) return { field: at(field, 'tax_rate_id'), message: `names an archived tax rate (${rate.record.name}): it takes no new lines` };
        if (line.tax_rate !== undefined && line.tax_rate !== rate.record.rate) return { field: at(field, 'tax_rate'), message: `is ${line.tax_rate}, but the tax rate named is ${rate.record.rate}% (${rate.record.name}): send one or the other` };
        return take(rate);
      }
      const percent = line.tax_rate ?? 0;
      if (percent === 0) {
        const starting = byId.get(startingRateId(businessId, 'zero'))!;
        const zero = starting.record.archived ? [...byId.values()].find((rate) => rate.record.kind === 'zero' && !rate.record.archived) : starting;
        return zero ? take(zero) : { field: at(field, 'tax_rate'), message: 'is 0, and the business has no active zero rate: name a rate by tax_rate_id' };
      }
      // Among the rates read and any this posting creates (a second line of the same new percentage).
      const active = [...byId.values()].find((rate) => rate.record.kind === 'standard' && rate.record.rate === percent && !rate.record.archived);
      if (active) return take(active);
      const created = standardRateFor(businessId, percent, now);
      const earlier = byId.get(created.id);
      // The rate a percentage created once, archived since (and no other of that percentage active): named, not remade.
      if (earlier) return { field: at(field, 'tax_rate'), message: `names the archived tax rate ${earlier.record.name}: name an active one by tax_rate_id` };
      const fresh = { record: created, version: null };
      byId.set(created.id, fresh);
      return take(fresh);
    },
    named: () => [...named.values()],
  };
}

export const isProblem = (resolved: ResolvedTax | FieldProblem): resolved is FieldProblem => 'field' in resolved;
