import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { deployedRoutes as routes } from '../../functions/routes.ts';
import { TABLE } from '../../shared/db/table.ts';
import { resourceQueries, synthesizeForTest, type Resource } from './app-fixture.ts';

let resources: [string, Resource][];
const { ofType } = resourceQueries(() => resources);
let template: ReturnType<ReturnType<typeof synthesizeForTest>['template']>;

beforeAll(() => {
  const built = synthesizeForTest();
  template = built.template();
  resources = built.allResources();
});

/** The stream publisher and projector, fan-out and delivery workers, the bank import consumer, the mail worker, the signing-key rotation, and the reminders schedule and run. */
const PIPELINE_FUNCTIONS = 9;

describe('the API', () => {
  it('has exactly one Lambda function per row of the route table, described by its method and path', () => {
    const descriptions = ofType('AWS::Lambda::Function').map(([, resource]) => String(resource.Properties.Description));
    expect(descriptions).toHaveLength(routes.length + PIPELINE_FUNCTIONS);
    const routeFunctions = descriptions.filter((description) => /^(GET|POST|PUT|PATCH|DELETE|ANY) /.test(description));
    expect(routeFunctions.sort()).toEqual(routes.map((route) => `${route.method} ${route.path}`).sort());
  });

  it('keeps every stack within CloudFormation\'s 500 resources', () => {
    const perStack = new Map<string, number>();
    for (const [id] of resources) perStack.set(id.slice(0, id.lastIndexOf('/')), (perStack.get(id.slice(0, id.lastIndexOf('/'))) ?? 0) + 1);
    for (const [stack, count] of perStack) expect(count, stack).toBeLessThan(450);
  });

  it('creates each row as a route with its method and path, integrated with its own function', () => {
    const routeKeys = ofType('AWS::ApiGatewayV2::Route').map(([, resource]) => resource.Properties.RouteKey);
    expect(routeKeys.sort()).toEqual(routes.map((route) => (route.path === '$default' ? '$default' : `${route.method} ${route.path}`)).sort());
    const integrations = ofType('AWS::ApiGatewayV2::Integration');
    expect(integrations).toHaveLength(routes.length);
    const targets = new Set(integrations.map(([, resource]) => JSON.stringify(resource.Properties.IntegrationUri)));
    expect(targets.size).toBe(routes.length);
  });

  it('runs every function on Node 22 or newer, ARM64, with tracing and JSON logs', () => {
    for (const [id, resource] of ofType('AWS::Lambda::Function')) {
      const runtime = String(resource.Properties.Runtime);
      expect(Number(/^nodejs(\d+)\.x$/.exec(runtime)?.[1]), id).toBeGreaterThanOrEqual(22);
      expect(resource.Properties.Architectures, id).toEqual(['arm64']);
      expect(resource.Properties.TracingConfig, id).toEqual({ Mode: 'Active' });
      expect(resource.Properties.LoggingConfig, id).toMatchObject({ LogFormat: 'JSON' });
    }
  });

  it('makes links under configuration only: the PublicUrl parameter (https or empty) and the API endpoint, on every route and the mail worker', () => {
    const parameter = (template.toJSON().Parameters as Record<string, { Default?: string; AllowedPattern?: string }>).PublicUrl!;
    expect(parameter.Default).toBe('');
    const pattern = new RegExp(parameter.AllowedPattern!);
    for (const good of ['', 'https://books.example.com', 'https://books.example.com/prod']) expect(pattern.test(good), good).toBe(true);
    for (const bad of ['http://books.example.com', 'javascript:alert(1)//', 'https://evil.example/#', 'https://a@evil.example']) expect(pattern.test(bad), bad).toBe(false);
    const linkMakers = ofType('AWS::Lambda::Function').filter(([, resource]) => /^(GET|POST|PUT|PATCH|DELETE|ANY) /.test(String(resource.Properties.Description)) || String(resource.Properties.Description).startsWith('Builds and sends one e-mail'));
    expect(linkMakers).toHaveLength(routes.length + 1);
    for (const [id, resource] of linkMakers) {
      const variables = (resource.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(Object.keys(variables), id).toEqual(expect.arrayContaining(['PUBLIC_URL', 'API_URL']));
      // The endpoint's attribute in the main stack, a parameter passing it on in a nested one: never a literal.
      expect(JSON.stringify(variables.API_URL), id).toMatch(/"Fn::GetAtt":\["HttpApi[0-9A-F]{8}","ApiEndpoint"\]|"Ref":"referencetoLedgerServiceHttpApi[0-9A-F]{8}ApiEndpoint/);
    }
  });

  it('grants write access to the table only to routes that change something, none to public routes but the invoice page, and the link secret only where a row needs it', () => {
    const policies = ofType('AWS::IAM::Policy');
    const needsOf = (route: (typeof routes)[number]) => ('needs' in route && route.needs) || {};
    const withSecret = routes.filter((route) => needsOf(route).linkSecret);
    expect(withSecret.map((route) => route.id).sort()).toEqual(['dashboard.invoiceLink', 'dashboard.invoicePdf', 'invoices.link', 'invoices.pdf', 'members.create', 'publicInvoices.page', 'publicInvoices.pdf', 'settings.inviteMember']);
    for (const route of routes) {
      const roleId = new RegExp(`"${route.id.replace(/[^A-Za-z0-9]/g, '')}Role[0-9A-F]{8}"`);
      const policy = policies.find(([, resource]) => roleId.test(JSON.stringify(resource.Properties.Roles)));
      const actions = JSON.stringify(policy?.[1].Properties.PolicyDocument ?? {});
      expect(actions.includes('LinksSecret'), route.id).toBe(withSecret.includes(route));
      // A GET that publishes a link (the invoice's PDF, the public page) writes; a row's own needs say so.
      if (needsOf(route).table === 'readwrite' || (route.method !== 'GET' && route.auth !== 'public')) expect(actions, route.id).toContain('dynamodb:PutItem');
      else if (route.auth === 'public') expect(actions, route.id).not.toContain('dynamodb:');
      else {
        expect(actions, route.id).toContain('dynamodb:GetItem');
        expect(actions, route.id).not.toContain('dynamodb:PutItem');
      }
    }
  });

  it("keeps each nested stack of routes under CloudFormation's 500 resources, the dashboard's first routes in the stack they were deployed in", async () => {
    const { stackOf } = await import('../../infra/constructs/http-api.ts');
    const perStack = new Map<string, number>();
    for (const [id] of resources) {
      const stack = /\/Http\/(Routes[A-Za-z]+)\//.exec(id)?.[1];
      if (stack) perStack.set(stack, (perStack.get(stack) ?? 0) + 1);
    }
    expect(perStack.size).toBeGreaterThan(10);
    for (const [stack, count] of perStack) expect(count, stack).toBeLessThan(500);
    expect(stackOf({ id: 'dashboard.customers', path: '/dashboard/customers' })).toBe('Dashboard');
    expect(stackOf({ id: 'settings.reminders', path: '/dashboard/settings/reminders' })).toBe('Dashboard');
    expect(stackOf({ id: 'dashboard.customerNew', path: '/dashboard/customers/new' })).toBe('DashboardCustomers');
    expect(stackOf({ id: 'settings.members', path: '/dashboard/settings/members' })).toBe('DashboardSettings');
    expect(stackOf({ id: 'customers.list', path: '/api/v1/customers' })).toBe('Customers');
  });

  it('logs access on the default stage', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
    });
  });
});

describe('the table', () => {
  it('has the shared definition: keys, local indexes, stream of new and old images, TTL and point-in-time recovery', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
      ],
      LocalSecondaryIndexes: TABLE.localIndexes.map((index) => Match.objectLike({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
      })),
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
      TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      BillingMode: 'PAY_PER_REQUEST',
    });
  });

  it('is retained when the stack is deleted', () => {
    expect(ofType('AWS::DynamoDB::Table').map(([, table]) => table.DeletionPolicy)).toEqual(['Retain']);
  });
});
