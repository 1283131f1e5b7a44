/**
 * `npm run members:migrate`: moves every user's memberships still kept on the user item into member records and
 * membership items (`shared/access/members/legacy-memberships.ts`), so that each business lists all its people. Run once
 * after deploying member records; safe to run again. Against AWS or the local data (`table-command.ts`).
 */
import { moveAllLegacyMemberships } from '../../shared/access/members/legacy-memberships.ts';
import { runTableCommand } from './table-command.ts';

runTableCommand(async () => {
  console.log(`${await moveAllLegacyMemberships()} users' memberships moved`);
  return 0;
});
