import * as v from 'valibot';
import { fiscalYearStartMonth, defineDashboardPage, filledQueryOf } from '../../../shared/access/index.ts';
import { csvOf } from '../../../shared/reports/pages/report-tables.ts';
import type { ReportPage } from '../../../shared/reports/pages/report-figures.ts';
import type { Viewer } from '../../../shared/platform/web/viewer.ts';
import { reportPage, type ReportControls, type ReportSlug } from '../../../shared/reports/pages/reports.tsx';
import { today } from '../../../shared/platform/core/dates.ts';
import { CalendarDate, IdRef } from '../../../shared/platform/core/fields.ts';
import { listTrackingCategories, PERIOD_PRESETS, presetPeriod, previousPeriod } from '../../../shared/ledger/index.ts';
import type { Period, PeriodPreset } from '../../../shared/ledger/index.ts';
import { validationError } from '../../../shared/platform/http/errors.ts';
import type { RouteRow } from '../../../shared/platform/http/route.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { html } from '../../../shared/platform/http/web.ts';

type PageRow = RouteRow & { readonly auth: 'browser' };

const ReportQuery = v.strictObject({
  period: v.optional(v.picklist(PERIOD_PRESETS, `must be one of ${PERIOD_PRESETS.join(', ')}`)),
  from: v.optional(CalendarDate),
  to: v.optional(CalendarDate),
  as_of: v.optional(CalendarDate),
  view: v.optional(v.pipe(v.string(), v.regex(/^(base|[A-Z]{3})$/, 'must be base or a currency code'))),
  format: v.optional(v.picklist(['html', 'csv'], 'must be html or csv')),
  basis: v.optional(v.picklist(['accrual', 'cash'], 'must be accrual or cash')),
  tracking_category_id: v.optional(v.union([v.literal(''), IdRef], 'must be a tracking category')),
});

export type ReportQueryInput = v.InferOutput<typeof ReportQuery>;

/** The period a report's picker chose: a preset (this financial year by default), or custom dates, both needed. */
export async function chosenPeriod(businessId: Viewer['business']['id'], query: ReportQueryInput): Promise<{ readonly preset: PeriodPreset; readonly period: Period }> {
  const preset = query.period ?? (query.from || query.to ? 'custom' : 'this_year');
  if (preset !== 'custom') return { preset, period: presetPeriod(preset, today(), await fiscalYearStartMonth(businessId)) };
  if (!query.from || !query.to) throw validationError([{ field: query.from ? 'to' : 'from', message: 'is required for custom dates' }]);
  if (query.from > query.to) throw validationError([{ field: 'to', message: 'must not be before from' }]);
  return { preset, period: { from: query.from, to: query.to } };
}

/** A link to this report with the picker's choices and some changed (another view, the CSV). */
export const reportLink = (slug: ReportSlug, kept: Readonly<Record<string, string | undefined>>) => (changes: Readonly<Record<string, string>>) =>
  `/dashboard/reports/${slug}?${new URLSearchParams(Object.entries({ ...kept, ...changes }).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''))}`;

/**
 * Periods of the picker, for the reports over a period (and the balance sheet, at each period's end); with
 * `basis`, the accrual/cash switch too (the profit and loss).
 */
export async function periodControls(slug: ReportSlug, viewer: Viewer, query: ReportQueryInput, options: { readonly basis?: boolean; readonly tracking?: boolean } = {}) {
  const [{ preset, period }, categories] = await Promise.all([chosenPeriod(viewer.business.id, query), options.tracking ? listTrackingCategories(viewer.business.id) : undefined]);
  const view = query.view ?? 'base';
  const basis = options.basis ? (query.basis ?? 'accrual') : undefined;
  const trackingCategoryId = query.tracking_category_id || undefined;
  const tracking = categories ? { chosen: trackingCategoryId ?? '', choices: categories.items.filter((category) => !category.archived || category.id === trackingCategoryId).map((category) => ({ value: category.id, label: category.name })) } : undefined;
  const controls: ReportControls = { kind: 'period', preset, from: period.from, to: period.to, view, basis, tracking, link: reportLink(slug, { period: preset, ...(preset === 'custom' ? { from: period.from, to: period.to } : {}), view, basis: basis === 'cash' ? basis : undefined, tracking_category_id: trackingCategoryId }) };
  return { period, previous: previousPeriod(period), view, basis: basis ?? 'accrual', trackingCategoryId, controls };
}

export function asOfControls(slug: ReportSlug, query: ReportQueryInput) {
  const asOf = query.as_of ?? today();
  const view = query.view ?? 'base';
  const controls: ReportControls = { kind: 'as_of', asOf, view, link: reportLink(slug, { as_of: asOf, view }) };
  return { asOf, view, controls };
}

/** A report page, or (`format=csv`) its table as a CSV download. */
export const reportHandler = <const R extends PageRow>(route: R, slug: ReportSlug, build: (viewer: Viewer, query: ReportQueryInput) => Promise<{ readonly report: ReportPage; readonly controls: ReportControls }>) =>
  defineDashboardPage(route, async ({ viewer, event }) => {
    const query = parseInput(ReportQuery, filledQueryOf(event), 'query');
    const { report, controls } = await build(viewer, query);
    if (query.format === 'csv') {
      return { statusCode: 200, headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${slug}-${today()}.csv"`, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' }, body: csvOf(report.table) };
    }
    return html(200, reportPage({ viewer, slug, report, controls }));
  });
