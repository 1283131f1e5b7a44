import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes.ts';
import { openApiDocument } from '../../shared/platform/http/openapi.ts';

const document = openApiDocument(routes) as { openapi: string; paths: Record<string, Record<string, { operationId: string; security: unknown[] }>> };

describe('the OpenAPI description', () => {
  const documented = routes.filter((row) => row.path !== '$default' && row.auth !== 'browser');

  it('is OpenAPI 3.1 and covers every route in the table but the HTML pages', () => {
    expect(document.openapi).toBe('3.1.0');
    for (const route of documented) {
      expect(document.paths[route.path]?.[route.method.toLowerCase()]?.operationId, `${route.method} ${route.path}`).toBe(route.id);
    }
  });

  it('marks public routes public, OAuth endpoints as client-authenticated, rail calls as signed, and the others as needing a bearer credential', () => {
    for (const route of documented) {
      const operation = document.paths[route.path]?.[route.method.toLowerCase()];
      const expected = route.auth === 'public' ? [] : route.auth === 'client' ? [{ clientBasic: [] }, {}] : route.auth === 'rail' ? [{ railSignature: [] }] : [{ bearerAuth: [] }];
      expect(operation?.security, route.id).toEqual(expected);
    }
  });

  it('passes redocly lint with no errors', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const cli = resolve(import.meta.dirname, '../../node_modules/@redocly/cli/bin/cli.js');
    const lint = spawnSync(process.execPath, [cli, 'lint', file, '--format=stylish'], {
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    const output = `${lint.stdout}\n${lint.stderr}`;
    expect(lint.status, output).toBe(0);
    expect(output).toContain('Your API description is valid');
  }, 60_000);
});
