import type { Page } from '../../platform/core/paging.ts';
import type { Id } from '../../platform/core/ids.ts';
import type { Role } from '../../platform/http/scopes.ts';
import { renderDocument } from '../../platform/web/layout.tsx';
import type { Viewer } from '../../platform/web/viewer.ts';
import { Frame } from '../../platform/web/frame.tsx';
import { FormTokens, Pager, Table } from '../../platform/web/parts.tsx';
import { Hidden } from '../../platform/web/layout.tsx';

/** The business picker: the user's businesses a page at a time, each opened with one button. */
export function businessesPage(view: { viewer: Viewer; result: Page<{ id: Id; name: string; role: Role }> }): string {
  const { viewer } = view;
  return renderDocument(
    <Frame viewer={viewer} title="Your businesses">
      <Table caption="Your businesses" rows={view.result.items.length} head={['Business', 'Your role', 'Open']}>
        {view.result.items.map((business) => (
          <tr>
            <td>{business.name}</td>
            <td>{business.role}</td>
            <td>
              {business.id === viewer.business.id ? (
                <span class="muted">Open now</span>
              ) : (
                <form method="post" action="/dashboard/business" class="inline">
                  <FormTokens viewer={viewer} />
                  <Hidden name="business_id" value={business.id} />
                  <button type="submit" class="secondary" aria-label={`Open ${business.name}`}>
                    Open
                  </button>
                </form>
              )}
            </td>
          </tr>
        ))}
      </Table>
      <Pager pagination={view.result.pagination} base="/dashboard/businesses" query={{}} />
    </Frame>,
  );
}
