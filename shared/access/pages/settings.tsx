import { EVENT_CATALOGUE } from '../../../events/catalogue.ts';
import type { Page } from '../../platform/core/paging.ts';
import type { Scope } from '../../platform/http/scopes.ts';
import { renderDocument } from '../../platform/web/layout.tsx';
import type { Viewer } from '../../platform/web/viewer.ts';
import { Frame } from '../../platform/web/frame.tsx';
import { ActionButton, Pager, Table, when, FormTokens } from '../../platform/web/parts.tsx';
import { placeEntry, type FormEntry, type PlacedEntry } from '../../platform/web/form-entry.tsx';

interface EndpointView {
  readonly id: string;
  readonly url: string;
  readonly events: readonly string[];
  readonly description: string | null;
  readonly enabled: boolean;
  readonly disabled_reason: string | null;
  readonly circuit: { readonly state: string; readonly failure_streak: number; readonly retry_at: string | null };
}

interface DeliveryView {
  readonly id: string;
  readonly event_type: string;
  readonly status: string;
  readonly attempts: readonly { readonly number: number; readonly at: string; readonly status_code: number | null; readonly error: string | null }[];
  readonly next_attempt_at: string | null;
  readonly created_at: string;
}

/** A secret shown once, right after it was made: nothing keeps it to show again. */
export function secretShownPage(view: { viewer: Viewer; title: string; what: string; secret: string; back: string }): string {
  return renderDocument(
    <Frame viewer={view.viewer} title={view.title}>
      <div class="card">
        <p>
          Copy the {view.what} now. It is shown only this once; if it is lost, make a new one.
        </p>
        <p class="secret" aria-label={view.what}>
          {view.secret}
        </p>
        <a class="button" href={view.back}>
          Done
        </a>
      </div>
    </Frame>,
  );
}

function EventPicker(props: { chosen: readonly string[]; entry: PlacedEntry }) {
  const { entry } = props;
  const ticked = (name: string) => entry.ticked('events', name, props.chosen.includes(name));
  return (
    <fieldset {...entry.invalid('events')}>
      <legend>Events</legend>
      {entry.errors('events')}
      <label class="check">
        <input type="checkbox" name="events" value="*" checked={ticked('*')} /> Every event (*)
      </label>
      {EVENT_CATALOGUE.filter((event) => event.name !== 'ping').map((event) => (
        <label class="check">
          <input type="checkbox" name="events" value={event.name} checked={ticked(event.name)} /> <span class="mono">{event.name}</span>&nbsp;<span class="muted">{event.description}</span>
        </label>
      ))}
    </fieldset>
  );
}

const ENDPOINT_FIELDS = ['url', 'description', 'events', 'enabled'];

/** The endpoint form, new or edited: what was typed (or the endpoint) in each field, a refusal beside them. */
function EndpointFields(props: { entry: PlacedEntry; endpoint?: EndpointView }) {
  const { entry, endpoint } = props;
  return (
    <>
      <label for="url">URL</label>
      <input id="url" type="url" name="url" required placeholder="https://example.com/webhooks" value={entry.value('url', endpoint?.url)} {...entry.invalid('url')} />
      {entry.errors('url')}
      <label for="description">Description (optional)</label>
      <input id="description" type="text" name="description" maxlength={500} value={entry.value('description', endpoint?.description ?? '')} {...entry.invalid('description')} />
      {entry.errors('description')}
      {endpoint ? (
        <label class="check">
          <input type="checkbox" name="enabled" value="true" checked={entry.ticked('enabled', 'true', endpoint.enabled)} /> Enabled
        </label>
      ) : null}
      <EventPicker chosen={endpoint?.events ?? []} entry={entry} />
    </>
  );
}

export function webhooksPage(view: { viewer: Viewer; endpoints: Page<EndpointView>; notice?: string | undefined; entry?: FormEntry }): string {
  const { viewer } = view;
  const entry = placeEntry(ENDPOINT_FIELDS, view.entry);
  return renderDocument(
    <Frame viewer={viewer} title="Webhooks" notice={view.notice}>
      <Table caption="Webhook endpoints" rows={view.endpoints.items.length} empty="No endpoints yet." head={['URL', 'Events', 'State']}>
        {view.endpoints.items.map((endpoint) => (
          <tr>
            <td>
              <a href={`/dashboard/settings/webhooks/${endpoint.id}`}>{endpoint.url}</a>
            </td>
            <td class="mono">{endpoint.events.join(', ')}</td>
            <td>{endpoint.enabled ? (endpoint.circuit.state === 'closed' ? 'Enabled' : `Failing (${endpoint.circuit.failure_streak} in a row)`) : 'Disabled'}</td>
          </tr>
        ))}
      </Table>
      <Pager pagination={view.endpoints.pagination} base="/dashboard/settings/webhooks" query={{}} />
      <h2>Add an endpoint</h2>
      {entry.above}
      <form method="post" action="/dashboard/settings/webhooks" class="card" noValidate>
        <FormTokens viewer={viewer} />
        <EndpointFields entry={entry} />
        <button type="submit">Add endpoint</button>
      </form>
    </Frame>,
  );
}

export function endpointPage(view: { viewer: Viewer; endpoint: EndpointView; deliveries: Page<DeliveryView>; notice?: string | undefined; entry?: FormEntry }): string {
  const { viewer, endpoint } = view;
  const entry = placeEntry(ENDPOINT_FIELDS, view.entry);
  const base = `/dashboard/settings/webhooks/${endpoint.id}`;
  return renderDocument(
    <Frame viewer={viewer} title="Webhook endpoint" notice={view.notice}>
      <div class="card">
        <p class="mono">{endpoint.url}</p>
        <p>
          Circuit: {endpoint.circuit.state}
          {endpoint.circuit.failure_streak > 0 ? `, ${endpoint.circuit.failure_streak} failures in a row` : ''}
          {endpoint.circuit.retry_at ? `, next probe ${when(endpoint.circuit.retry_at)}` : ''}
          {endpoint.disabled_reason ? `. Disabled: ${endpoint.disabled_reason}` : ''}
        </p>
        <ActionButton action={`${base}/ping`} viewer={viewer} label="Send test event" />
        <ActionButton action={`${base}/rotate-secret`} viewer={viewer} label="Rotate signing secret" />
        <ActionButton action={`${base}/delete`} viewer={viewer} label="Delete endpoint" danger />
      </div>
      <h2>Edit</h2>
      {entry.above}
      <form method="post" action={base} class="card" noValidate>
        <FormTokens viewer={viewer} />
        <EndpointFields entry={entry} endpoint={endpoint} />
        <button type="submit">Save endpoint</button>
      </form>
      <h2>Delivery log</h2>
      <Table caption="Deliveries" rows={view.deliveries.items.length} empty="Nothing delivered yet." head={['Event', 'Status', 'Attempts', 'Next try', 'Action']}>
        {view.deliveries.items.map((delivery) => (
          <tr>
            <td class="mono">{delivery.event_type}</td>
            <td>{delivery.status}</td>
            <td>
              {delivery.attempts.length === 0
                ? '—'
                : delivery.attempts.map((attempt) => (
                    <div>
                      #{attempt.number} {when(attempt.at)}: {attempt.status_code ?? attempt.error ?? 'no answer'}
                    </div>
                  ))}
            </td>
            <td>{when(delivery.next_attempt_at)}</td>
            <td>{delivery.status === 'pending' ? null : <ActionButton action={`/dashboard/settings/webhooks/deliveries/${delivery.id}/retry`} viewer={viewer} label="Retry" fields={{ endpoint_id: endpoint.id }} />}</td>
          </tr>
        ))}
      </Table>
      <Pager pagination={view.deliveries.pagination} base={base} query={{}} />
    </Frame>,
  );
}

interface ApiKeyView {
  readonly id: string;
  readonly name: string;
  readonly scopes: readonly string[];
  readonly options: readonly string[];
  readonly hint: string;
  readonly created_at: string;
  readonly revoked_at: string | null;
  /** Who made the key and how, in words ("ada@example.com, in the dashboard"; "unknown: made before makers were recorded"). */
  readonly made_by: string;
}

export function apiKeysPage(view: { viewer: Viewer; keys: Page<ApiKeyView>; grantable: readonly Scope[]; webhooksOption: boolean; notice?: string | undefined; entry?: FormEntry }): string {
  const { viewer } = view;
  const entry = placeEntry(['name', 'scopes', 'options'], view.entry);
  return renderDocument(
    <Frame viewer={viewer} title="API keys" notice={view.notice}>
      <p>A key ends when the person who made it leaves the business, and narrows to their new role when it is lowered. Keys made before makers were recorded show an unknown maker: revoke those nobody uses.</p>
      <Table caption="API keys" rows={view.keys.items.length} empty="No API keys yet." head={['Name', 'Key', 'Scopes', 'Made by', 'Created', 'Action']}>
        {view.keys.items.map((key) => (
          <tr>
            <td>{key.name}</td>
            <td class="mono">{key.hint}…</td>
            <td class="mono">{[...key.scopes, ...key.options.map((option) => `option:${option}`)].join(' ')}</td>
            <td>{key.made_by}</td>
            <td>{key.created_at.slice(0, 10)}</td>
            <td>{key.revoked_at ? `Revoked ${key.revoked_at.slice(0, 10)}` : <ActionButton action={`/dashboard/settings/api-keys/${key.id}/revoke`} viewer={viewer} label="Revoke" danger />}</td>
          </tr>
        ))}
      </Table>
      <Pager pagination={view.keys.pagination} base="/dashboard/settings/api-keys" query={{}} />
      <h2>Create a key</h2>
      {entry.above}
      <form method="post" action="/dashboard/settings/api-keys" class="card" noValidate>
        <FormTokens viewer={viewer} />
        <label for="name">Name</label>
        <input id="name" type="text" name="name" required maxlength={100} value={entry.value('name')} {...entry.invalid('name')} />
        {entry.errors('name')}
        <fieldset {...entry.invalid('scopes')}>
          <legend>Scopes (only those your role holds)</legend>
          {entry.errors('scopes')}
          {view.grantable.map((scope) => (
            <label class="check">
              <input type="checkbox" name="scopes" value={scope} checked={entry.ticked('scopes', scope)} /> <span class="scope">{scope}</span>
            </label>
          ))}
          {view.webhooksOption ? (
            <label class="check">
              <input type="checkbox" name="options" value="webhooks" checked={entry.ticked('options', 'webhooks')} /> <span class="scope">option: webhooks</span>
            </label>
          ) : null}
          {entry.errors('options')}
        </fieldset>
        <button type="submit">Create key</button>
      </form>
    </Frame>,
  );
}

export function connectedAppsPage(view: { viewer: Viewer; everyMember: boolean; grants: readonly { id: string; app: string; scopes: readonly string[]; since: string; member: string }[]; notice?: string | undefined }): string {
  const { viewer } = view;
  return renderDocument(
    <Frame viewer={viewer} title="Connected apps" notice={view.notice}>
      <p>
        {view.everyMember ? `The apps any member allowed to use ${viewer.business.name}'s books; as an owner you may disconnect any of them.` : `The apps you allowed to use ${viewer.business.name}'s books.`} Disconnecting one ends
        its access at once.
      </p>
      <Table caption="Connected apps" rows={view.grants.length} empty="No connected apps." head={['App', ...(view.everyMember ? ['Connected by'] : []), 'Scopes', 'Since', 'Action']}>
        {view.grants.map((grant) => (
          <tr>
            <td>{grant.app}</td>
            {view.everyMember ? <td>{grant.member}</td> : null}
            <td class="scope">{grant.scopes.join(' ')}</td>
            <td>{grant.since.slice(0, 10)}</td>
            <td>
              <ActionButton action={`/dashboard/settings/connected-apps/${grant.id}/revoke`} viewer={viewer} label="Disconnect" danger />
            </td>
          </tr>
        ))}
      </Table>
    </Frame>,
  );
}

export function payoutRailsPage(view: { viewer: Viewer; rails: Page<{ id: string; name: string; payment_account_id: string; created_at: string }>; accounts: readonly { id: string; name: string; currency: string }[]; notice?: string | undefined; entry?: FormEntry }): string {
  const { viewer } = view;
  const entry = placeEntry(['name', 'payment_account_id'], view.entry);
  const names = new Map(view.accounts.map((account) => [account.id, `${account.name} (${account.currency})`]));
  return renderDocument(
    <Frame viewer={viewer} title="Payout rails" notice={view.notice}>
      <Table caption="Payout rails" rows={view.rails.items.length} empty="No payout rails yet." head={['Name', 'Account', 'Created', 'Action']}>
        {view.rails.items.map((rail) => (
          <tr>
            <td>{rail.name}</td>
            <td>{names.get(rail.payment_account_id) ?? rail.payment_account_id}</td>
            <td>{rail.created_at.slice(0, 10)}</td>
            <td>
              <ActionButton action={`/dashboard/settings/payout-rails/${rail.id}/delete`} viewer={viewer} label="Delete" danger />
            </td>
          </tr>
        ))}
      </Table>
      <Pager pagination={view.rails.pagination} base="/dashboard/settings/payout-rails" query={{}} />
      <h2>Add a payout rail</h2>
      {entry.above}
      <form method="post" action="/dashboard/settings/payout-rails" class="card" noValidate>
        <FormTokens viewer={viewer} />
        <label for="name">Name</label>
        <input id="name" type="text" name="name" required maxlength={100} value={entry.value('name')} {...entry.invalid('name')} />
        {entry.errors('name')}
        <label for="account">Pays from</label>
        <select id="account" name="payment_account_id" required {...entry.invalid('payment_account_id')}>
          {view.accounts.map((account) => (
            <option value={account.id} selected={entry.value('payment_account_id') === account.id}>
              {account.name} ({account.currency})
            </option>
          ))}
        </select>
        {entry.errors('payment_account_id')}
        <button type="submit">Add payout rail</button>
      </form>
    </Frame>,
  );
}

export function remindersPage(view: { viewer: Viewer; policy: { enabled: boolean; days_after_due: readonly number[] }; notice?: string | undefined; entry?: FormEntry }): string {
  const { viewer, policy } = view;
  const entry = placeEntry(['enabled', 'days_after_due'], view.entry);
  return renderDocument(
    <Frame viewer={viewer} title="Reminders" notice={view.notice}>
      {entry.above}
      <form method="post" action="/dashboard/settings/reminders" class="card" noValidate>
        <FormTokens viewer={viewer} />
        <p>Customers with overdue invoices get one reminder at each stage, counted in days after the due date.</p>
        <label class="check">
          <input type="checkbox" name="enabled" value="true" checked={entry.ticked('enabled', 'true', policy.enabled)} /> Send collections reminders
        </label>
        {entry.errors('enabled')}
        <label for="days_after_due">Days after due (1 to 5 numbers, separated by commas)</label>
        <input id="days_after_due" type="text" name="days_after_due" value={entry.value('days_after_due', policy.days_after_due.join(', '))} required {...entry.invalid('days_after_due')} />
        {entry.errors('days_after_due')}
        <button type="submit">Save reminders</button>
      </form>
    </Frame>,
  );
}
