/**
 * An invoice's public page: what its PDF shows, its status and balance due, the PDF itself and how to pay; nothing
 * else of the business. Plain HTML (Preact escapes every value), the dashboard's stylesheet (amounts right-aligned);
 * a voided invoice says so first, and its status line says it once.
 */
import type { Sheet } from './document-sheet.ts';
import { renderDocument, SimplePage } from '../platform/web/layout.tsx';

/** Lines of an address block, one under another (no inline style: the page's policy allows none). */
const lines = (texts: readonly string[]) => texts.map((text, index) => (
  <>
    {index > 0 ? <br /> : null}
    {text}
  </>
));

export function publicInvoicePage(sheet: Sheet, status: string, pdfPath: string): string {
  return renderDocument(
    <SimplePage title={`${sheet.title} ${sheet.no}`}>
      {sheet.void ? (
        <p class="error" role="alert">
          This invoice is void: nothing is due on it.
        </p>
      ) : null}
      <h1>
        {sheet.title} {sheet.no}
      </h1>
      <p>
        Status: <strong>{status}</strong> · <a href={pdfPath}>Download the PDF</a>
      </p>
      <dl class="facts">
        {sheet.meta.filter(([label]) => label !== 'Status').map(([label, value]) => (
          <>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </>
        ))}
      </dl>
      <section>
        <h2>From</h2>
        <p>{lines(sheet.from)}</p>
        {sheet.to.length > 0 ? (
          <>
            <h2>Bill to</h2>
            <p>{lines(sheet.to)}</p>
          </>
        ) : null}
      </section>
      <table>
        <thead>
          <tr>
            {sheet.columns.map((column, index) => (
              <th scope="col" class={index > 0 ? 'num' : undefined}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sheet.rows.map((row) => (
            <tr>
              {row.map((cell, index) => (
                <td class={index > 0 ? 'num' : undefined}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          {sheet.totals.map(([label, value]) => (
            <tr>
              <th scope="row" colSpan={4}>
                {label}
              </th>
              <td class="num">{value}</td>
            </tr>
          ))}
        </tfoot>
      </table>
      {sheet.paymentInstructions ? (
        <section>
          <h2>How to pay</h2>
          <p>{sheet.paymentInstructions}</p>
        </section>
      ) : null}
      {sheet.note ? <p>{sheet.note}</p> : null}
    </SimplePage>,
  );
}
