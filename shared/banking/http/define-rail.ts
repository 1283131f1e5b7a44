import { serviceActor } from '../../platform/trail/acting.ts';
import { verifyRailCall, type RailCall } from '../rails.ts';
import type { Contract } from '../../platform/http/contract.ts';
import { bodyText, isJsonMediaType, parsedBodyOf } from '../../platform/http/json-body.ts';
import { unsupportedMediaType } from '../../platform/http/errors.ts';
import { successResponse, type Success } from '../../platform/http/responses.ts';
import type { RouteRow } from '../../platform/http/route.ts';
import { buildHandler, type BaseInput, type ResponseOf, type Parsed, type RouteHandler } from '../../platform/http/stack.ts';

type RailRoute = RouteRow & { readonly auth: 'rail'; readonly contract: Contract };

export type RailInput<R extends RailRoute> = BaseInput<R> & {
  /** The rail whose secret signed the call, and its business. */
  readonly call: RailCall;
  readonly body: Parsed<R, 'body'>;
};

/**
 * A bank's call on a payout rail. The signature covers the raw body byte for byte, so it is checked before the
 * body is parsed; only then is the body read as JSON and validated by the contract.
 */
export function defineRailHandler<const R extends RailRoute>(route: R, handle: (input: RailInput<R>) => Promise<Success<ResponseOf<R>>>): RouteHandler<R> {
  return buildHandler(
    route,
    {
      async prepare(event) {
        if (!isJsonMediaType(event.headers?.['content-type'])) throw unsupportedMediaType();
        const text = bodyText(event);
        const call = await verifyRailCall(event.pathParameters?.rail_id ?? '', event.headers?.['rail-signature'], text);
        return { call, body: parsedBodyOf(text, route.contract) as Parsed<R, 'body'> };
      },
      respond: successResponse,
      actorOf: (extra) => serviceActor(`payout_rail:${extra.call.rail.id}`),
    },
    handle,
  );
}
