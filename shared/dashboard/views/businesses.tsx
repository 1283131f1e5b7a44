import type { Page } from '../../domain/paging.ts';
import type { Id } from '../../domain/ids.ts';
import type { Role } from '../../domain/scopes.ts';
import { renderDocument } from '../../web/layout.tsx';
import type { Viewer } from '../viewer.ts';
import { Frame } from './frame.tsx';
import { FormTokens, Pager, Table } from './parts.tsx';
import { Hidden } from '../../web/layout.tsx';

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
