/**
 * Payment terms, as Xero's and QuickBooks' are: a business's days, overridden per customer or vendor, give a due
 * date to an invoice or bill created without one (the API's, the dashboard's and a recurring template's alike). No
 * terms anywhere: no due date, and the document ages from its own date. Pure.
 */
import { addDays } from '../../platform/core/dates.ts';

export function dueByTerms(date: string, termsDays: number | null | undefined): string | null {
  return termsDays === null || termsDays === undefined ? null : addDays(date, termsDays);
}
