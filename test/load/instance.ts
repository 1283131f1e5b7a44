/**
 * One stand-in for a Lambda instance, for `npm run bench`'s separate-processes mode: the route table's handlers
 * served over HTTP in a process of its own, against the engine and table named in its environment (the parent's
 * runtime sets them). It counts its own DynamoDB round trips and lost races and hands them to the parent on
 * request over the IPC channel.
 */
import type { AddressInfo } from 'node:net';
import { createLocalServer } from '../../infra/local/server.ts';
import { db } from '../../shared/platform/db/client.ts';

const counts = { roundTrips: 0, lostRaces: 0 };
db().middlewareStack.add(
  (next, context) => async (args) => {
    counts.roundTrips++;
    try {
      return await next(args);
    } catch (error) {
      if (context.commandName === 'TransactWriteItemsCommand' && (error as Error).name === 'TransactionCanceledException') counts.lostRaces++;
      throw error;
    }
  },
  { step: 'initialize', name: 'instanceCounts' },
);

const server = createLocalServer();
server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
process.on('message', (message: string) => {
  if (message === 'counts') {
    process.send?.({ counts: { ...counts } });
    counts.roundTrips = 0;
    counts.lostRaces = 0;
  }
  if (message === 'stop') server.close(() => process.exit(0));
});
