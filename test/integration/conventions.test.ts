import { describe, expect, it } from 'vitest';
import { call, freshBusiness, uniqueName } from './support.ts';

const errorShape = { error: expect.any(String), error_description: expect.any(String), details: expect.any(Array) };

describe('success envelope', () => {
  it('wraps a created record in { status, message, data } with 201', async () => {
    const answer = await call('POST', '/api/v1/customers', { body: { name: uniqueName('Envelope') } });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ status: 'success', message: expect.any(String), data: expect.objectContaining({ id: expect.any(String) }) });
  });

  it('wraps a read in the envelope with 200', async () => {
    const answer = await call('GET', '/api/v1/customers');
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('success');
    expect(answer.body.data).toHaveProperty('items');
  });
});

describe('error shape and statuses', () => {
  it('400 validation_error names the field as <field>: <message>', async () => {
    const answer = await call('POST', '/api/v1/customers', { body: { name: '' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(errorShape);
    expect(answer.body.error).toBe('validation_error');
    expect(answer.body.details[0].field).toBe('name');
    expect(answer.body.error_description).toBe(`name: ${answer.body.details[0].message}`);
  });

  it('401 unauthorized with a Bearer challenge when no credential is sent', async () => {
    const answer = await call('GET', '/api/v1/customers', { key: null });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(errorShape);
    expect(answer.body.error).toBe('unauthorized');
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer .*error="invalid_token"/);
  });

  it('401 for a key that does not exist', async () => {
    const answer = await call('GET', '/api/v1/customers', { key: 'ak_not-a-real-key' });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toContain('Bearer');
  });

  it('403 insufficient_scope names the missing scope', async () => {
    const reader = await freshBusiness({ scopes: ['sales_customers:read'] });
    const answer = await call('POST', '/api/v1/customers', { key: reader.key, body: { name: 'No scope' } });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual(errorShape);
    expect(answer.body.error).toBe('insufficient_scope');
    expect(answer.body.error_description).toContain('sales_customers:create');
    expect(answer.body.details).toEqual([{ field: 'scope', message: 'sales_customers:create' }]);
  });

  it('404 not_found for an unknown record', async () => {
    const answer = await call('GET', '/api/v1/customers/00000000-0000-4000-8000-000000000000');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ ...errorShape, error: 'not_found' });
  });

  it('404 in the error shape for an unknown route', async () => {
    const answer = await call('GET', '/api/v1/no-such-thing');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ ...errorShape, error: 'not_found' });
    expect((await call('GET', '/')).status).toBe(404);
  });

  it('405 method_not_allowed with Allow for a known path', async () => {
    const answer = await call('DELETE', '/api/v1/customers');
    expect(answer.status).toBe(405);
    expect(answer.body).toEqual({ ...errorShape, error: 'method_not_allowed' });
    expect(answer.headers.get('allow')).toBe('GET, POST');
  });

  it('413 payload_too_large for a body over 1 MiB', async () => {
    const answer = await call('POST', '/api/v1/customers', { rawBody: JSON.stringify({ name: 'x'.repeat(1024 * 1024) }) });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ ...errorShape, error: 'payload_too_large' });
  });

  it('415 unsupported_media_type for a missing or wrong Content-Type', async () => {
    const wrong = await call('POST', '/api/v1/customers', { rawBody: '{"name":"x"}', contentType: 'text/plain' });
    expect(wrong.status).toBe(415);
    expect(wrong.body).toEqual({ ...errorShape, error: 'unsupported_media_type' });
    const missing = await call('POST', '/api/v1/customers', { rawBody: '{"name":"x"}', contentType: null });
    expect(missing.status).toBe(415);
  });

  it('400 for malformed JSON', async () => {
    const answer = await call('POST', '/api/v1/customers', { rawBody: '{"name": ' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ ...errorShape, error: 'validation_error' });
    expect(answer.body.details[0].field).toBe('body');
  });

  it('400 naming an unknown field', async () => {
    const answer = await call('POST', '/api/v1/customers', { body: { name: 'x', nickname: 'y' } });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toContainEqual({ field: 'nickname', message: 'is not a known field' });
  });

  it('never sends a cacheable answer', async () => {
    expect((await call('GET', '/api/v1/customers')).headers.get('cache-control')).toBe('no-store');
  });
});
