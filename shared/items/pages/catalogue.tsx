/** The lists behind the items' and accounts' forms: each row opens its edit form, a link above opens a new one. */
import type { ItemResource } from '../schemas.ts';
import { renderDocument } from '../../platform/web/layout.tsx';
import type { Viewer } from '../../platform/web/viewer.ts';
import { Frame } from '../../platform/web/frame.tsx';
import { Table, NewRecordLink } from '../../platform/web/parts.tsx';

function EditLink(props: { href: string; name: string; shown: boolean }) {
  return props.shown ? (
    <a href={props.href} aria-label={`Edit ${props.name}`}>
      Edit
    </a>
  ) : (
    <>—</>
  );
}

export function itemListPage(view: { viewer: Viewer; items: readonly ItemResource[]; notice?: string | undefined }): string {
  const { viewer } = view;
  const canEdit = viewer.scopes.has('inventory_items:update');
  return renderDocument(
    <Frame viewer={viewer} title="Items" notice={view.notice}>
      <NewRecordLink href="/dashboard/items/new" label="New item" shown={viewer.scopes.has('inventory_items:create')} />
      <Table caption="Items" rows={view.items.length} empty="No items yet." head={['Name', 'Type', 'Status', 'SKU', { label: 'Sale price', num: true }, { label: 'Purchase price', num: true }, 'Action']}>
        {view.items.map((item) => (
          <tr>
            <td>{item.name}</td>
            <td>{item.type.replace(/_/g, ' ')}</td>
            <td>{item.status}</td>
            <td>{item.sku ?? '—'}</td>
            <td class="num">{item.sale_price ?? '—'}</td>
            <td class="num">{item.purchase_price ?? '—'}</td>
            <td>
              <EditLink href={`/dashboard/items/${item.id}/edit`} name={item.name} shown={canEdit} />
            </td>
          </tr>
        ))}
      </Table>
    </Frame>,
  );
}

export interface AccountRow {
  readonly id: string;
  readonly code: string | null;
  readonly name: string;
  readonly type: string;
  readonly archived: boolean;
}

export function accountListPage(view: { viewer: Viewer; accounts: readonly AccountRow[]; notice?: string | undefined }): string {
  const { viewer } = view;
  const canEdit = viewer.scopes.has('finance_ledger:update');
  return renderDocument(
    <Frame viewer={viewer} title="Chart of accounts" notice={view.notice}>
      <NewRecordLink href="/dashboard/accounts/new" label="New account" shown={viewer.scopes.has('finance_ledger:create')} />
      <Table caption="Chart of accounts" rows={view.accounts.length} empty="No accounts." head={['Code', 'Name', 'Type', 'Status', 'Action']}>
        {view.accounts.map((account) => (
          <tr>
            <td class="mono">{account.code ?? '—'}</td>
            <td>
              <a href={`/dashboard/reports/general-ledger?account_id=${account.id}`}>{account.name}</a>
            </td>
            <td>{account.type}</td>
            <td>{account.archived ? 'Archived' : 'Active'}</td>
            <td>
              <EditLink href={`/dashboard/accounts/${account.id}/edit`} name={`${account.code ?? ''} ${account.name}`.trim()} shown={canEdit} />
            </td>
          </tr>
        ))}
      </Table>
    </Frame>,
  );
}
