import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson } from '../load/http-client.ts';

let connections = 0;
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    if (request.url === '/empty') return void response.writeHead(204).end();
    response.writeHead(request.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ method: request.method, authorization: request.headers.authorization, type: request.headers['content-type'] ?? null, body: body ? JSON.parse(body) : null }));
  });
});
server.on('connection', () => connections++);
let baseUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the benches' HTTP client", () => {
  it('sends JSON with the bearer key and answers the status and JSON, over one kept-alive connection', async () => {
    const posted = await callJson(baseUrl, 'ak_x', 'POST', '/things', { name: 'Ünïcode' });
    expect(posted).toEqual({ status: 201, body: { method: 'POST', authorization: 'Bearer ak_x', type: 'application/json', body: { name: 'Ünïcode' } } });
    const read = await callJson(baseUrl, 'ak_x', 'GET', '/things');
    expect(read).toEqual({ status: 200, body: { method: 'GET', authorization: 'Bearer ak_x', type: null, body: null } });
    expect(await callJson(baseUrl, 'ak_x', 'GET', '/empty')).toEqual({ status: 204, body: undefined });
    expect(connections).toBe(1);
  });
});
