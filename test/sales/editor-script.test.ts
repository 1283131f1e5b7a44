import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bundledScript, SCRIPT_MODULE } from '../../scripts/browser-build.ts';
import { previewTotals } from '../../shared/sales/pages/preview-totals.ts';

describe("the editor's browser script", () => {
  it('is the bundle of editor-enhance.ts as it stands (run npm run browser:build when this fails)', async () => {
    const committed = readFileSync(SCRIPT_MODULE, 'utf8');
    expect(committed === (await bundledScript()), 'shared/sales/pages/editor-script.ts is stale: run npm run browser:build').toBe(true);
  });

  it("counts with the posting's arithmetic, which the browser runs too: per-rate tax rounded once, rows by their form place", () => {
    const preview = previewTotals([{ quantity: 3, unit_price: 0.1, tax_rate: 20 }, { quantity: 1, unit_price: 0.05, tax_rate: 20 }, { quantity: 1.5, unit_price: 1000, tax_rate: 7.5 }], [0, 2, 3], 'USD');
    expect([...preview.rows]).toEqual([[0, 'USD 0.30'], [2, 'USD 0.05'], [3, 'USD 1,500.00']]);
    // 20% of 0.35 is 0.07 over the rate; per line it would be 0.06 + 0.01.
    expect(preview).toMatchObject({ subtotal: 'USD 1,500.35', tax: 'USD 112.57', total: 'USD 1,612.92' });
  });
});
