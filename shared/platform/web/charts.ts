/**
 * Charts drawn on the server as SVG, with no script and no inline style (the pages' CSP allows neither): grouped
 * bars, one group per category and one bar per series (this period, the one before). Each chart is an image with a
 * title and a description a screen reader reads, and the page puts the same figures in a table beside it.
 * Written here rather than taken from a charting library: those draw in the browser with script, or need a DOM.
 */

export interface ChartSeries {
  readonly name: string;
  /** One value per category, in major units (negative bars go below the axis). */
  readonly values: readonly number[];
}

export interface BarChart {
  readonly title: string;
  readonly description: string;
  readonly categories: readonly string[];
  readonly series: readonly ChartSeries[];
}

const WIDTH = 640;
const HEIGHT = 260;
const MARGIN = { top: 16, right: 16, bottom: 48, left: 72 };

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[character]!);

/** Round steps for the axis: 1, 2 or 5 times a power of ten, about four of them. */
export function axisStep(span: number): number {
  if (span <= 0) return 1;
  const rough = span / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((factor) => factor * power).find((step) => step >= rough) ?? 10 * power;
}

const compact = (value: number) => new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(value);

/** The chart as an SVG element (a string to place in the page as is: every text in it is escaped). */
export function barChartSvg(chart: BarChart, id: string): string {
  const values = chart.series.flatMap((series) => series.values);
  const step = axisStep(Math.max(0, ...values) - Math.min(0, ...values));
  const top = Math.ceil(Math.max(0, ...values) / step) * step || step;
  const bottom = Math.floor(Math.min(0, ...values) / step) * step;
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const y = (value: number) => MARGIN.top + ((top - value) / (top - bottom)) * plotHeight;
  const groupWidth = plotWidth / Math.max(1, chart.categories.length);
  const barWidth = (groupWidth * 0.7) / Math.max(1, chart.series.length);
  const parts: string[] = [];
  for (let tick = bottom; tick <= top + step / 2; tick += step) {
    parts.push(`<line class="grid" x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${y(tick).toFixed(1)}" y2="${y(tick).toFixed(1)}"/>`);
    parts.push(`<text class="tick" x="${MARGIN.left - 6}" y="${(y(tick) + 4).toFixed(1)}" text-anchor="end">${escapeXml(compact(tick))}</text>`);
  }
  chart.categories.forEach((category, index) => {
    const groupX = MARGIN.left + index * groupWidth + groupWidth * 0.15;
    chart.series.forEach((series, seriesIndex) => {
      const value = series.values[index] ?? 0;
      const barTop = y(Math.max(0, value));
      const height = Math.abs(y(value) - y(0));
      parts.push(`<rect class="series-${seriesIndex}" x="${(groupX + seriesIndex * barWidth).toFixed(1)}" y="${barTop.toFixed(1)}" width="${(barWidth - 2).toFixed(1)}" height="${Math.max(height, value === 0 ? 0 : 1).toFixed(1)}"><title>${escapeXml(`${series.name}, ${category}: ${value}`)}</title></rect>`);
    });
    parts.push(`<text class="label" x="${(MARGIN.left + index * groupWidth + groupWidth / 2).toFixed(1)}" y="${HEIGHT - MARGIN.bottom + 18}" text-anchor="middle">${escapeXml(category)}</text>`);
  });
  parts.push(`<line class="axis" x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${y(0).toFixed(1)}" y2="${y(0).toFixed(1)}"/>`);
  chart.series.forEach((series, seriesIndex) => {
    const x = MARGIN.left + seriesIndex * 180;
    parts.push(`<rect class="series-${seriesIndex}" x="${x}" y="${HEIGHT - 16}" width="12" height="12"/><text class="legend" x="${x + 18}" y="${HEIGHT - 6}">${escapeXml(series.name)}</text>`);
  });
  return `<svg class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="${id}-title ${id}-desc" xmlns="http://www.w3.org/2000/svg"><title id="${id}-title">${escapeXml(chart.title)}</title><desc id="${id}-desc">${escapeXml(chart.description)}</desc>${parts.join('')}</svg>`;
}
