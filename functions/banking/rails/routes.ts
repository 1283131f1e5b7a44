import { PayoutConfirmation, PayoutResult } from '../../../shared/banking/schemas.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const railsRoutes = defineRoutes({
  confirmPayout: { id: 'rails.confirmPayout', method: 'POST', path: '/rails/{rail_id}/payout-confirmations', entry: 'functions/banking/rails/payout-confirmation.ts', auth: 'rail', scope: null, contract: { posting: true, summary: 'A bank confirms a payout (signed with the rail secret, no bearer)', tag: 'Banking', body: PayoutConfirmation, response: PayoutResult, otherStatuses: { 404: 'The rail, or the bill the confirmation names, does not exist.' } } },
});
