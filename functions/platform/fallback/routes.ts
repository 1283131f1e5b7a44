import { defineRoutes } from '../../../shared/platform/http/route.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const fallbackRoutes = defineRoutes({
  any: { id: 'fallback', method: 'ANY', path: '$default', entry: 'functions/platform/fallback/any.ts', auth: 'public', scope: null },
});
