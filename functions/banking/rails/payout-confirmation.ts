import { confirmPayout } from '../../../shared/banking/rails.ts';
import { defineRailHandler } from '../../../shared/banking/http/define-rail.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { railsRoutes } from './routes.ts';

/** A bank's payout confirmation: the stack checks the signature over the raw body before it parses anything. */
export const handler = defineRailHandler(railsRoutes.confirmPayout, async ({ call, body }) => {
  const result = await confirmPayout(call, body);
  return ok(result.replayed ? 'Already recorded' : 'Payout recorded', result);
});
