/** Recurring invoices in the dashboard: each schedule with its customer and next date, paused, resumed or deleted. */
import type { Page } from '../../platform/core/paging.ts';
import type { RecurringInvoiceResource } from '../recurring/schemas.ts';
import { renderDocument } from '../../platform/web/layout.tsx';
import type { Viewer } from '../../platform/web/viewer.ts';
import { Frame } from '../../platform/web/frame.tsx';
import { RECURRING_EDITOR } from './document-editor-rules.ts';
import { ActionButton, Pager, Table, NewRecordLink } from '../../platform/web/parts.tsx';

const BASE = '/dashboard/recurring-invoices';

export function recurringPage(view: { viewer: Viewer; schedules: Page<RecurringInvoiceResource>; names: ReadonlyMap<string, string>; notice?: string | undefined }): string {
  const { viewer } = view;
  const canChange = viewer.scopes.has('sales_invoices:update');
  return renderDocument(
    <Frame viewer={viewer} title="Recurring invoices" notice={view.notice}>
      <p>Each schedule posts its invoices on their dates (and e-mails them when it sends). Pausing skips what falls due meanwhile; resuming posts what is due from then on.</p>
      <NewRecordLink href={RECURRING_EDITOR.newPath} label="New recurring invoice" shown={viewer.scopes.has(RECURRING_EDITOR.scope)} />
      <Table caption="Recurring invoices" rows={view.schedules.items.length} empty="No recurring invoices yet." head={['Customer', 'Every', 'Next', 'Status', { label: 'Invoices', num: true }, ...(canChange ? ['Action'] : [])]}>
        {view.schedules.items.map((schedule) => (
          <tr>
            <td>{view.names.get(schedule.customer_id) ?? '—'}</td>
            <td>
              {schedule.schedule.interval === 1 ? '' : `${schedule.schedule.interval} `}
              {schedule.schedule.frequency.replace('ly', '')}
              {schedule.schedule.interval === 1 ? '' : 's'}
            </td>
            <td>{schedule.next_date ?? 'ended'}</td>
            <td>{schedule.status}</td>
            <td class="num">{schedule.invoices_created}</td>
            {canChange ? (
              <td>
                <a class="button secondary" href={`${BASE}/${schedule.id}/edit`}>
                  Edit
                </a>{' '}
                <ActionButton action={`${BASE}/${schedule.id}/status`} viewer={viewer} label={schedule.status === 'active' ? 'Pause' : 'Resume'} fields={{ status: schedule.status === 'active' ? 'paused' : 'active' }} />{' '}
                <ActionButton action={`${BASE}/${schedule.id}/delete`} viewer={viewer} label="Delete" danger />
              </td>
            ) : null}
          </tr>
        ))}
      </Table>
      <Pager pagination={view.schedules.pagination} base={BASE} query={{}} />
    </Frame>,
  );
}
