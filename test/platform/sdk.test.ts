import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatedSchema, SCHEMA_FILE } from '../../sdk/generate.ts';

describe('the typed SDK', () => {
  it('is generated from the current OpenAPI description (run npm run sdk:generate when this fails)', async () => {
    const committed = readFileSync(SCHEMA_FILE, 'utf8');
    const fresh = await generatedSchema();
    expect(committed === fresh, 'sdk/src/schema.ts is stale: run npm run sdk:generate').toBe(true);
    expect(fresh).toContain('"/api/v1/receipts"');
    expect(fresh).toContain('"Idempotency-Key"?: string');
  }, 30_000);
});
