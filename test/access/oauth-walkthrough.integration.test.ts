import { describe, expect, it } from 'vitest';
import { oauthWalkthrough } from '../../sdk/examples/oauth-walkthrough.ts';
import { runtime } from '../integration/support.ts';

describe('the headless OAuth walkthrough', () => {
  it('plays the app and its redirect receiver through consent, token, API call, refresh and revocation', async () => {
    const lines: string[] = [];
    const result = await oauthWalkthrough(runtime.credentials, (line) => lines.push(line));
    expect(result).toEqual({ scope: 'sales_customers:read sales_invoices:read', apiStatus: 200, afterRevokeStatus: 401 });
    expect(lines.map((line) => line.split('.')[0])).toEqual(['1', '2', '3', '4', '5', '6', '7']);
  }, 60_000);
});
