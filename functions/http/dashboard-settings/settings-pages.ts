/** The settings pages whose forms are posted back to them: drawn by their GET and again, with a refusal, by their POST. */
import { listRails } from '../../../shared/banking/rails.ts';
import { cashAccounts } from '../../../shared/dashboard/overview.ts';
import type { Viewer } from '../../../shared/dashboard/viewer.ts';
import type { FormEntry } from '../../../shared/dashboard/views/form-entry.tsx';
import { apiKeysPage, endpointPage, payoutRailsPage, webhooksPage } from '../../../shared/dashboard/views/settings.tsx';
import { today } from '../../../shared/domain/dates.ts';
import type { Id } from '../../../shared/domain/ids.ts';
import type { PageRequest } from '../../../shared/domain/paging.ts';
import { SCOPES } from '../../../shared/domain/scopes.ts';
import { refusalOf } from '../../../shared/http/form-refusal.ts';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { html, type Form } from '../../../shared/http/web.ts';
import { listApiKeys } from '../../../shared/keys/manage.ts';
import { listDeliveries } from '../../../shared/webhooks/deliveries.ts';
import { getEndpoint, listEndpoints, toEndpointResource } from '../../../shared/webhooks/endpoints.ts';

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

export async function drawApiKeys(viewer: Viewer, page: PageRequest, drawn: Drawn = {}) {
  return apiKeysPage({
    viewer,
    keys: await listApiKeys(viewer.business.id, page),
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
