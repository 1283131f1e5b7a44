import { deploymentOf } from '../../shared/platform/http/deployment.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { deployedRoutes as routes } from '../../functions/routes.ts';
import { resourceQueries, synthesizeForTest, type Resource } from './app-fixture.ts';

let resources: [string, Resource][];
const { ofType, json } = resourceQueries(() => resources);

beforeAll(() => {
  resources = synthesizeForTest().allResources();
});

describe('OAuth on AWS', () => {
  it('keeps the signing keys in a Secrets Manager secret rotated by its own function', () => {
    const [[secretId]] = ofType('AWS::SecretsManager::Secret') as [[string, Resource]];
    const schedule = ofType('AWS::SecretsManager::RotationSchedule')[0]![1].Properties;
    expect(json(schedule.SecretId)).toContain(secretId.slice(secretId.lastIndexOf('/') + 1));
    expect(json(schedule.RotationLambdaARN)).toContain('Rotation');
    expect(schedule.RotationRules).toMatchObject({ ScheduleExpression: 'rate(30 days)' });
  });

  it('creates the OAuth, page and payout-rail routes from the same route table, with no gateway authorizer', () => {
    const routeKeys = ofType('AWS::ApiGatewayV2::Route').map(([, route]) => route.Properties);
    const unauthenticated = routes.filter((row) => row.path.startsWith('/oauth/') || row.path.startsWith('/rails/'));
    expect(unauthenticated.some((row) => row.auth === 'rail')).toBe(true);
    for (const route of unauthenticated) {
      const created = routeKeys.find((properties) => properties.RouteKey === `${route.method} ${route.path}`);
      expect(created, route.id).toBeDefined();
      expect(created!.AuthorizationType ?? 'NONE', route.id).toBe('NONE');
    }
  });

  it('lets every function that verifies or issues tokens read the signing keys, and no public one', () => {
    const functions = ofType('AWS::Lambda::Function');
    // A page row runs in its page function (the web function's rows all use sessions; the public pages' include the invitation form).
    const pageFunction = { web: 'Dashboard pages: ', 'public-pages': 'Public pages: ' } as const;
    for (const route of routes) {
      const deployment = deploymentOf(route);
      const fn = functions.find(([, resource]) => (deployment === 'api' ? resource.Properties.Description === `${route.method} ${route.path}` : String(resource.Properties.Description).startsWith(pageFunction[deployment])))!;
      const environment = json(fn[1].Properties.Environment);
      if (route.auth === 'public' && deployment === 'api') expect(environment, route.id).not.toContain('SIGNING_KEYS_SECRET_ARN');
      else expect(environment, route.id).toContain('SIGNING_KEYS_SECRET_ARN');
    }
  });
});
