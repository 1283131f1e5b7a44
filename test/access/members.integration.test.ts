import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import type { Id } from '../../shared/platform/core/ids.ts';
import { authorize, CookieBrowser, exchange, formFields } from '../integration/oauth-flow.ts';
import { eventually, STREAM_LAG_MS } from '../integration/receiver.ts';
import { call, freshBusiness, outboxOf, runtime, uniqueName, useRuntimeTable } from '../integration/support.ts';

const PASSWORD = 'correct horse battery staple 7';

const addressOf = (prefix: string) => `${uniqueName(prefix).replace(/\s/g, '-')}@example.test`;

/** The invitation e-mail written to `email` (the local mailbox's `.eml`), parsed: its text and the link in it. */
async function invitationMail(email: string) {
  const entryFor = () => {
    const names = existsSync(runtime.mailDir) ? readdirSync(runtime.mailDir).filter((name) => name.endsWith('.json')) : [];
    return names.map((name) => JSON.parse(readFileSync(join(runtime.mailDir, name), 'utf8')) as { file: string; to: string[]; subject: string }).find((entry) => entry.to.includes(email));
  };
  expect(await eventually(async () => !!entryFor(), STREAM_LAG_MS), `no invitation was written to ${email}`).toBe(true);
  const entry = entryFor()!;
  const mail = await simpleParser(readFileSync(join(runtime.mailDir, entry.file)));
  const link = /https?:\/\/\S+\/invitations\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0];
  expect(link, mail.text).toBeDefined();
  return { mail, path: new URL(link!).pathname };
}

/** A business with an owner (a user who signs in) and the business's all-scopes key. */
async function businessWithOwner() {
  const business = await freshBusiness();
  const { createUser } = await import('../../shared/access/members/members.ts');
  const owner = await createUser({ email: addressOf('owner'), name: 'Owner', password: PASSWORD, memberships: [{ business_id: business.id as Id, role: 'owner' }] });
  const members = (path = '', method = 'GET', body?: unknown) => call(method, `/api/v1/business/members${path}`, { key: business.key, ...(body === undefined ? {} : { body }) });
  return { business, owner, members };
}

/** Follows an invitation's link as a new person: the page, then the form with a name and a password. */
async function acceptAsNewUser(path: string, browser = new CookieBrowser(), name = 'New person') {
  const page = await browser.request('GET', path);
  expect(page.status, page.text).toBe(200);
  expect(page.text).toContain('Choose a password');
  const answer = await browser.request('POST', path, { ...formFields(page.text).hidden, name, password: PASSWORD, password_again: PASSWORD });
  return { browser, page, answer };
}

describe('members and invitations', () => {
  it('the whole round trip: invite (201, invited), the e-mail and its link, set a password, signed in as the new viewer who may only read; the link works once', async () => {
    const { business, members } = await businessWithOwner();
    const email = addressOf('viewer');
    const invited = await members('', 'POST', { email: email.toUpperCase(), role: 'viewer' });
    expect(invited.status, invited.text).toBe(201);
    expect(invited.body.data).toMatchObject({ email, role: 'viewer', status: 'invited', user_id: null, joined_at: null });
    const expires = Date.parse(invited.body.data.invitation_expires_at) - Date.parse(invited.body.data.invited_at);
    expect(expires).toBe(7 * 24 * 3600 * 1000);

    const { mail, path } = await invitationMail(email);
    expect(mail.subject).toMatch(/^You are invited to Test business/);
    expect(mail.text).toContain('as a viewer (reads only)');
    // The table keeps no token: the link's token appears nowhere in the business's items or the invitation's lookup.
    const token = path.split('/').pop()!;
    useRuntimeTable();
    const { db, tableName } = await import('../../shared/platform/db/client.ts');
    const { ScanCommand } = await import('@aws-sdk/lib-dynamodb');
    const everything = JSON.stringify((await db().send(new ScanCommand({ TableName: tableName(), FilterExpression: 'begins_with(pk, :invitation) OR begins_with(pk, :business)', ExpressionAttributeValues: { ':invitation': 'INVITATION#', ':business': `BIZ#${business.id}` } }))).Items);
    expect(everything).not.toContain(token);

    const { browser, answer } = await acceptAsNewUser(path);
    expect(answer.status, answer.text).toBe(303);
    expect(answer.location).toBe('/dashboard');
    const dashboard = await browser.request('GET', '/dashboard/customers');
    expect(dashboard.status).toBe(200);
    expect(dashboard.text).toContain('(viewer)');
    // A viewer reads; a write is refused by the server, not only hidden.
    const form = formFields((await browser.request('GET', '/dashboard/customers')).text).hidden;
    expect((await browser.request('POST', '/dashboard/invoices/00000000-0000-4000-8000-000000000000/void', { csrf: form.csrf ?? '' })).status).toBe(403);

    const listed = (await members()).body.data.items;
    const joined = listed.find((member: { email: string }) => member.email === email);
    expect(joined).toMatchObject({ status: 'active', role: 'viewer', name: 'New person', invitation_expires_at: null });
    expect(joined.user_id).toEqual(expect.any(String));
    expect((await members(`/${joined.id}`)).body.data).toEqual(joined);

    // The link is single use: opened again, it opens nothing.
    const again = await new CookieBrowser().request('GET', path);
    expect(again.status).toBe(404);
    expect(again.text).toContain('no longer works');
    const events = (await outboxOf(business.id)).filter((event) => String(event.type).startsWith('member.'));
    // The owner's joining, the invitation's e-mail (internal: no webhook or feed shows it), the viewer's joining.
    expect(events.map((event) => event.type)).toEqual(['member.added', 'member.invitation', 'member.added']);
    expect((events.at(-1)!.data as { email: string; status: string })).toMatchObject({ email, status: 'active' });
  });

  it('an existing user joins with their own password (a wrong one is refused, counted like a sign-in), and then has two businesses', async () => {
    const first = await businessWithOwner();
    const second = await businessWithOwner();
    const invited = await second.members('', 'POST', { email: first.owner.email, role: 'accountant' });
    expect(invited.status, invited.text).toBe(201);
    const { path } = await invitationMail(first.owner.email);
    const browser = new CookieBrowser();
    const page = await browser.request('GET', path);
    expect(page.text).toContain('enter its password');
    expect(page.text).not.toContain('Choose a password');
    const wrong = await browser.request('POST', path, { ...formFields(page.text).hidden, password: 'not the password at all' });
    expect(wrong.status).toBe(401);
    const right = await browser.request('POST', path, { ...formFields(wrong.text).hidden, password: PASSWORD });
    expect(right.status, right.text).toBe(303);
    expect((await browser.request('GET', '/dashboard')).text).toContain('Switch business');
    const picker = await browser.request('GET', '/dashboard/businesses');
    expect((picker.text.match(/action="\/dashboard\/business"/g) ?? []).length).toBe(1);
  });

  it('refuses what is not an invitation: a bad body (400), a second invitation of the address (409), again within the hour after withdrawing (429), a key without settings_business:manage (403)', async () => {
    const { business, members } = await businessWithOwner();
    for (const body of [{ email: 'not an address', role: 'viewer' }, { email: addressOf('x'), role: 'admin' }, { email: addressOf('x') }, { email: addressOf('x'), role: 'viewer', extra: 1 }]) {
      const refused = await members('', 'POST', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    const email = addressOf('twice');
    const invited = await members('', 'POST', { email, role: 'viewer' });
    expect(invited.status).toBe(201);
    expect((await members('', 'POST', { email, role: 'owner' })).status).toBe(409);
    expect((await members(`/${invited.body.data.id}`, 'DELETE')).status).toBe(200);
    const soon = await members('', 'POST', { email, role: 'viewer' });
    expect(soon.status).toBe(429);
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(3000);
    const { issueApiKey } = await import('../../shared/access/keys/api-keys.ts');
    const reader = await issueApiKey(business.id as Id, { name: 'no settings', scopes: ['sales_customers:read'], options: [] });
    expect((await call('GET', '/api/v1/business/members', { key: reader.key })).status).toBe(403);
    expect((await call('GET', `/api/v1/business/members/00000000-0000-4000-8000-000000000000`, { key: business.key })).status).toBe(404);
  });

  it('a withdrawn or expired invitation opens nothing', async () => {
    const { members } = await businessWithOwner();
    const withdrawn = addressOf('withdrawn');
    const member = (await members('', 'POST', { email: withdrawn, role: 'viewer' })).body.data;
    const { path } = await invitationMail(withdrawn);
    expect((await members(`/${member.id}`, 'DELETE')).body.data.status).toBe('invited');
    expect((await new CookieBrowser().request('GET', path)).status).toBe(404);

    const late = addressOf('late');
    await members('', 'POST', { email: late, role: 'viewer' });
    const { path: latePath } = await invitationMail(late);
    const { db, tableName } = await import('../../shared/platform/db/client.ts');
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { invitationKey } = await import('../../shared/access/members/members.ts');
    const { tokenHashOf } = await import('../../shared/platform/links/link-secret.ts');
    await db().send(new UpdateCommand({ TableName: tableName(), Key: invitationKey(tokenHashOf(latePath.split('/').pop()!)), UpdateExpression: 'SET expires_at = :past', ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 } }));
    expect((await new CookieBrowser().request('GET', latePath)).status).toBe(404);
  });

  it('keeps the last owner: demoting or removing them is 409, and two owners demoting each other at once leave one', async () => {
    const { business, owner, members } = await businessWithOwner();
    const ownerMember = (await members()).body.data.items.find((member: { email: string }) => member.email === owner.email);
    expect((await members(`/${ownerMember.id}`, 'PATCH', { role: 'accountant' })).status).toBe(409);
    expect((await members(`/${ownerMember.id}`, 'DELETE')).status).toBe(409);
    const email = addressOf('second-owner');
    await members('', 'POST', { email, role: 'owner' });
    const { answer } = await acceptAsNewUser((await invitationMail(email)).path);
    expect(answer.status).toBe(303);
    const second = (await members()).body.data.items.find((member: { email: string }) => member.email === email);
    const [a, b] = await Promise.all([members(`/${ownerMember.id}`, 'PATCH', { role: 'viewer' }), members(`/${second.id}`, 'PATCH', { role: 'viewer' })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const owners = (await members()).body.data.items.filter((member: { role: string }) => member.role === 'owner');
    expect(owners).toHaveLength(1);
    const events = await outboxOf(business.id);
    expect(events.filter((event) => event.type === 'member.added')).toHaveLength(2);
  });

  it('removing a member ends their live session for the business, their live token and the key made under it; lowering a role ends their tokens and shrinks the session', async () => {
    const { business, members } = await businessWithOwner();
    const email = addressOf('second-owner');
    // An owner, whose app may make API keys: lowering the role must end those too.
    await members('', 'POST', { email, role: 'owner' });
    const { browser, answer } = await acceptAsNewUser((await invitationMail(email)).path);
    expect(answer.status).toBe(303);
    const connect = async () => (await exchange(new URL(await authorize({ email, password: PASSWORD, businessId: business.id })).searchParams.get('code')!)).body;
    const tokens = await connect();
    expect((await call('GET', '/api/v1/customers', { key: tokens.access_token })).status).toBe(200);
    const keyUnderGrant = await call('POST', '/api/v1/api-keys', { key: tokens.access_token, body: { name: 'made by the app', scopes: ['sales_customers:read'] } });
    expect(keyUnderGrant.status, keyUnderGrant.text).toBe(201);
    const grantKey = keyUnderGrant.body.data.key as string;
    expect((await call('GET', '/api/v1/customers', { key: grantKey })).status).toBe(200);
    const member = (await members()).body.data.items.find((entry: { email: string }) => entry.email === email);

    // Lowered to accountant: the grant's tokens and keys end at once (the change was made on this instance); the session keeps the accountant's rights.
    expect((await members(`/${member.id}`, 'PATCH', { role: 'accountant' })).body.data.role).toBe('accountant');
    expect((await call('GET', '/api/v1/customers', { key: tokens.access_token })).status).toBe(401);
    expect((await call('GET', '/api/v1/customers', { key: grantKey })).status).toBe(401);
    expect((await browser.request('GET', '/dashboard')).text).toContain('(accountant)');
    expect((await browser.request('GET', '/dashboard/settings/api-keys')).status).toBe(403);

    // Removed: a new token dies with the removal, and the live session no longer opens the business.
    const again = await connect();
    expect((await call('GET', '/api/v1/customers', { key: again.access_token })).status).toBe(200);
    expect((await members(`/${member.id}`, 'DELETE')).status).toBe(200);
    expect((await call('GET', '/api/v1/customers', { key: again.access_token })).status).toBe(401);
    expect((await browser.request('GET', '/dashboard')).status).toBe(403);
    const refresh = await (await import('../integration/oauth-flow.ts')).token({ grant_type: 'refresh_token', refresh_token: again.refresh_token, ...(await import('../integration/oauth-flow.ts')).clientCredentials() });
    expect(refresh.body.error).toBe('invalid_grant');
    expect((await outboxOf(business.id)).filter((event) => event.type === 'member.removed')).toHaveLength(1);
  });

  it("a key an owner makes in the dashboard records its maker, narrows when they are demoted (no way back to owner), ends when they are removed; keys of unknown makers stay", async () => {
    const { business, members } = await businessWithOwner();
    const email = addressOf('key-maker');
    await members('', 'POST', { email, role: 'owner' });
    const { browser } = await acceptAsNewUser((await invitationMail(email)).path);
    const keysPage = await browser.request('GET', '/dashboard/settings/api-keys');
    const made = await browser.request('POST', '/dashboard/settings/api-keys', { ...formFields(keysPage.text).hidden, name: 'integration', scopes: ['settings_business:manage', 'settings_api_keys:manage', 'sales_customers:read', 'sales_customers:create'] });
    expect(made.status, made.text).toBe(201);
    const key = /ak_[A-Za-z0-9_-]{43}/.exec(made.text)![0];
    const member = (await members()).body.data.items.find((entry: { email: string }) => entry.email === email);
    const listed = async () => ((await call('GET', '/api/v1/api-keys?page_size=200', { key: business.key })).body.data.items as { name: string; scopes: string[]; revoked_at: string | null; created_by: { user_id: string | null; via: string; key_id: string | null } }[]);
    expect((await listed()).find((entry) => entry.name === 'integration')?.created_by).toEqual({ user_id: member.user_id, via: 'dashboard', key_id: null });
    // A key the key makes is the same person's, made with an API key.
    const child = await call('POST', '/api/v1/api-keys', { key, body: { name: 'child', scopes: ['sales_customers:read', 'sales_customers:create'] } });
    expect(child.status, child.text).toBe(201);
    expect(child.body.data.created_by).toEqual({ user_id: member.user_id, via: 'api_key', key_id: expect.any(String) });
    const childKey = child.body.data.key as string;
    // The dashboard's list names the maker; the seeded key's maker is unknown and it keeps a revoke button.
    const drawn = (await browser.request('GET', '/dashboard/settings/api-keys')).text;
    expect(drawn).toContain(`${email}, in the dashboard`);
    expect(drawn).toContain(`${email}, with another API key`);

    // Demoted to viewer: the key keeps only what a viewer may (reads), so it cannot give the owner role back.
    expect((await members(`/${member.id}`, 'PATCH', { role: 'viewer' })).status).toBe(200);
    const selfPromotion = await call('PATCH', `/api/v1/business/members/${member.id}`, { key, body: { role: 'owner' } });
    expect(selfPromotion.status, selfPromotion.text).toBe(403);
    expect((await call('POST', '/api/v1/api-keys', { key, body: { name: 'escape', scopes: ['sales_customers:read'] } })).status).toBe(403);
    expect((await call('GET', '/api/v1/customers', { key })).status).toBe(200);
    expect((await call('POST', '/api/v1/customers', { key: childKey, body: { name: 'Nope' } })).status).toBe(403);
    expect((await listed()).find((entry) => entry.name === 'integration')?.scopes).toEqual(['sales_customers:read']);

    // Removed: every key they made stops at once; the business's own keys do not.
    expect((await members(`/${member.id}`, 'DELETE')).status).toBe(200);
    expect((await call('GET', '/api/v1/customers', { key })).status).toBe(401);
    expect((await call('GET', '/api/v1/customers', { key: childKey })).status).toBe(401);
    expect((await call('GET', '/api/v1/customers', { key: business.key })).status).toBe(200);
    const after = await listed();
    expect(after.filter((entry) => entry.created_by.user_id === member.user_id).every((entry) => entry.revoked_at !== null)).toBe(true);
    expect(after.filter((entry) => entry.created_by.via === 'unknown').every((entry) => entry.revoked_at === null)).toBe(true);
    expect(after.some((entry) => entry.created_by.via === 'unknown')).toBe(true);
  });

  it("the local outbox lists an invitation (whose link signs in as its role) to owners only, and downloads it to nobody else", async () => {
    const { owner, members } = await businessWithOwner();
    const viewerEmail = addressOf('outbox-viewer');
    await members('', 'POST', { email: viewerEmail, role: 'viewer' });
    const { browser: viewer } = await acceptAsNewUser((await invitationMail(viewerEmail)).path);
    const pending = addressOf('pending-owner');
    await members('', 'POST', { email: pending, role: 'owner' });
    await invitationMail(pending);
    const ownerBrowser = new CookieBrowser();
    await ownerBrowser.signIn(owner.email, PASSWORD, '/dashboard');
    const ownersOutbox = await ownerBrowser.request('GET', '/dashboard/outbox');
    expect(ownersOutbox.text).toContain(pending);
    const entry = readdirSync(runtime.mailDir).filter((name) => name.endsWith('.json')).map((name) => JSON.parse(readFileSync(join(runtime.mailDir, name), 'utf8')) as { to: string[]; message_id: string }).find((written) => written.to.includes(pending))!;
    const download = `/dashboard/outbox/${entry.message_id.slice(0, entry.message_id.indexOf('@'))}`;
    expect(ownersOutbox.text).toContain(download);
    expect((await ownerBrowser.request('GET', download!)).status).toBe(200);
    const viewersOutbox = await viewer.request('GET', '/dashboard/outbox');
    expect(viewersOutbox.status).toBe(200);
    expect(viewersOutbox.text).not.toContain(pending);
    expect((await viewer.request('GET', download!)).status).toBe(404);
  });

  it('in the dashboard, removing a member first shows what ends with them (their keys, their apps) and removes only when confirmed', async () => {
    const { owner, members } = await businessWithOwner();
    const email = addressOf('leaver');
    await members('', 'POST', { email, role: 'owner' });
    const { browser: leaver } = await acceptAsNewUser((await invitationMail(email)).path);
    const keysPage = await leaver.request('GET', '/dashboard/settings/api-keys');
    expect((await leaver.request('POST', '/dashboard/settings/api-keys', { ...formFields(keysPage.text).hidden, name: 'leaver key', scopes: ['sales_customers:read'] })).status).toBe(201);
    const member = (await members()).body.data.items.find((entry: { email: string }) => entry.email === email);
    const ownerBrowser = new CookieBrowser();
    await ownerBrowser.signIn(owner.email, PASSWORD, '/dashboard');
    const list = await ownerBrowser.request('GET', '/dashboard/settings/members');
    expect(list.status, list.text).toBe(200);
    const first = await ownerBrowser.request('POST', `/dashboard/settings/members/${member.id}/remove`, formFields(list.text).hidden);
    expect(first.status, first.text).toBe(200);
    expect(first.text).toContain('leaver key');
    expect(first.text).toContain('Remove');
    expect((await members()).body.data.items.some((entry: { id: string }) => entry.id === member.id)).toBe(true);
    const confirmed = await ownerBrowser.request('POST', `/dashboard/settings/members/${member.id}/remove`, { ...formFields(first.text).hidden, confirm: 'yes' });
    expect(confirmed.status, confirmed.text).toBe(303);
    expect((await members()).body.data.items.some((entry: { id: string }) => entry.id === member.id)).toBe(false);
  });
});

describe('memberships kept on the user item before member records', () => {
  it('are moved on the next sign-in (the business then lists the person, the owners are counted) and read from the user item meanwhile', async () => {
    const { business } = await businessWithOwner();
    useRuntimeTable();
    const { db, tableName } = await import('../../shared/platform/db/client.ts');
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const { newUserRecord } = await import('../../shared/access/users/users.ts');
    const { userEmailKey, userKey } = await import('../../shared/access/users/users.ts');
    const { membershipOf } = await import('../../shared/access/members/memberships.ts');
    // A user as the service wrote them before: no member record, the business on the user item.
    const { business_count: _none, ...user } = await newUserRecord({ email: addressOf('legacy'), name: 'Legacy', password: PASSWORD });
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...userKey(user.id), entity: 'USER', ...user, memberships: [{ business_id: business.id, role: 'owner' }] } }));
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...userEmailKey(user.email), entity: 'USEREMAIL', user_id: user.id } }));
    expect(await membershipOf(user.id, business.id as Id)).toMatchObject({ role: 'owner' });
    const listedBefore = (await call('GET', '/api/v1/business/members', { key: business.key })).body.data.items as { email: string }[];
    expect(listedBefore.map((member) => member.email)).not.toContain(user.email);

    const browser = new CookieBrowser();
    expect((await browser.signIn(user.email, PASSWORD, '/dashboard')).status).toBe(303);
    expect((await browser.request('GET', '/dashboard')).status).toBe(200);
    const listed = (await call('GET', '/api/v1/business/members', { key: business.key })).body.data.items as { email: string; role: string; status: string }[];
    expect(listed.find((member) => member.email === user.email)).toMatchObject({ role: 'owner', status: 'active' });
    const { getUser } = await import('../../shared/access/users/users.ts');
    expect(await getUser(user.id)).toMatchObject({ business_count: 1 });
    expect((await getUser(user.id))?.memberships).toBeUndefined();
    // Moved without announcing anybody: nobody joined.
    expect((await outboxOf(business.id)).filter((event) => event.type === 'member.added' && (event.data as { email: string }).email === user.email)).toEqual([]);
    // The one-off move after a deploy reaches a user who never signs in again.
    const { business_count: _also, ...sleeper } = await newUserRecord({ email: addressOf('sleeper'), name: 'Sleeper', password: PASSWORD });
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...userKey(sleeper.id), entity: 'USER', ...sleeper, memberships: [{ business_id: business.id, role: 'viewer' }] } }));
    const { moveAllLegacyMemberships } = await import('../../shared/access/members/legacy-memberships.ts');
    expect(await moveAllLegacyMemberships()).toBeGreaterThanOrEqual(1);
    expect(await getUser(sleeper.id)).toMatchObject({ business_count: 1 });
    expect(((await call('GET', '/api/v1/business/members', { key: business.key })).body.data.items as { email: string }[]).map((member) => member.email)).toContain(sleeper.email);
    // Two owners now: one may step down.
    const first = listed.find((member) => member.email !== user.email)! as unknown as { id: string };
    expect((await call('PATCH', `/api/v1/business/members/${first.id}`, { key: business.key, body: { role: 'viewer' } })).status).toBe(200);
  });
});
