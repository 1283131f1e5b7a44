/** The settings pages whose forms are posted back to them: drawn by their GET and again, with a refusal, by their POST. */
import { listRails } from '../../../shared/banking/index.ts';
import { cashAccounts } from '../../../shared/ledger/index.ts';
import type { Viewer } from '../../../shared/platform/web/viewer.ts';
import type { FormEntry } from '../../../shared/platform/web/form-entry.tsx';
import { apiKeysPage, endpointPage, payoutRailsPage, webhooksPage } from '../../../shared/access/pages/settings.tsx';
import { today } from '../../../shared/platform/core/dates.ts';
import type { Id } from '../../../shared/platform/core/ids.ts';
import type { PageRequest } from '../../../shared/platform/core/paging.ts';
import { SCOPES } from '../../../shared/platform/http/scopes.ts';
import { refusalOf } from '../../../shared/platform/http/form-refusal.ts';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { html, type Form } from '../../../shared/platform/http/web.ts';
import { listApiKeys } from '../../../shared/access/keys/manage.ts';
import type { KeyCreationPath } from '../../../shared/access/keys/schemas.ts';
import { emailsOf } from '../../../shared/access/users/users.ts';
import { listDeliveries, getEndpoint, listEndpoints, toEndpointResource } from '../../../shared/webhooks/index.ts';

/** A form's refusal draws its page's first page of records. */
export const FIRST_PAGE: PageRequest = { page: 1, pageSize: 25 };

interface Drawn {
  readonly notice?: string | undefined;
  readonly entry?: FormEntry;
}

export async function drawWebhooks(viewer: Viewer, page: PageRequest, drawn: Drawn = {}) {
  return webhooksPage({ viewer, endpoints: await listEndpoints(viewer.business.id, page), ...drawn });
}

export async function drawEndpoint(viewer: Viewer, id: Id, page: PageRequest, drawn: Drawn = {}) {
  const [endpoint, deliveries] = await Promise.all([getEndpoint(viewer.business.id, id), listDeliveries(viewer.business.id, id, page)]);
  return endpointPage({ viewer, endpoint: toEndpointResource(endpoint), deliveries, ...drawn });
}

const PATH_WORDS: Record<KeyCreationPath, string> = { dashboard: 'in the dashboard', api_key: 'with another API key', grant: 'through a connected app', unknown: '' };

/** A key's maker in words: their e-mail and how, or why it is not known. */
function madeBy(creator: { readonly user_id: Id | null; readonly via: KeyCreationPath }, emails: ReadonlyMap<Id, string>): string {
  if (creator.via === 'unknown') return 'Unknown: made before makers were recorded';
  if (!creator.user_id) return `The service, ${PATH_WORDS[creator.via]}`;
  return `${emails.get(creator.user_id) ?? 'A former user'}, ${PATH_WORDS[creator.via]}`;
}

export async function drawApiKeys(viewer: Viewer, page: PageRequest, drawn: Drawn = {}) {
  const keys = await listApiKeys(viewer.business.id, page);
  const emails = await emailsOf([...new Set(keys.items.flatMap((key) => (key.created_by.user_id ? [key.created_by.user_id as Id] : [])))]);
  return apiKeysPage({
    viewer,
    keys: { ...keys, items: keys.items.map((key) => ({ ...key, made_by: madeBy(key.created_by, emails) })) },
    // A key may hold only what the user's role holds: the same rule the API applies to a credential.
    grantable: SCOPES.filter((scope) => viewer.scopes.has(scope)),
    webhooksOption: viewer.scopes.has('settings_webhooks:manage'),
    ...drawn,
  });
}

export async function drawPayoutRails(viewer: Viewer, page: PageRequest, drawn: Drawn = {}) {
  const [rails, accounts] = await Promise.all([listRails(viewer.business.id, page), cashAccounts(viewer.business.id, today())]);
  return payoutRailsPage({ viewer, rails, accounts, ...drawn });
}

/**
 * Runs a settings form's post; a refusal the person can act on (`refusalOf`) draws the form's page again, its
 * first page, with what was typed and each problem beside its field.
 */
export async function postedForm(form: Form, post: () => Promise<APIGatewayProxyStructuredResultV2>, redraw: (entry: FormEntry) => Promise<string>) {
  try {
    return await post();
  } catch (error) {
    const refused = refusalOf(error);
    return html(refused.status, await redraw({ typed: form, problems: refused.problems }), [], { headers: refused.headers });
  }
}
