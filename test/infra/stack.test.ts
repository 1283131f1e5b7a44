import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { deployedRoutes as routes } from '../../functions/routes.ts';
import { TABLE } from '../../shared/platform/db/table.ts';
import { deploymentOf, PAGE_FUNCTION_PATHS } from '../../shared/platform/http/deployment.ts';
import { resourceQueries, synthesizeForTest, type Resource } from './app-fixture.ts';

let resources: [string, Resource][];
const { ofType, logicalId } = resourceQueries(() => resources);
let template: ReturnType<ReturnType<typeof synthesizeForTest>['template']>;

beforeAll(() => {
  const built = synthesizeForTest();
  template = built.template();
  resources = built.allResources();
});

/** The stream publisher and projector, fan-out and delivery workers, the bank import consumer, the mail worker, the audit chainer and exporter, the upload check, the signing-key rotation, and the reminders schedule and run. */
const PIPELINE_FUNCTIONS = 12;
const apiRows = routes.filter((route) => deploymentOf(route) === 'api');

describe('the API', () => {
  it('has exactly one Lambda function per API row of the route table, described by its method and path, and two page functions for every page', () => {
    const descriptions = ofType('AWS::Lambda::Function').map(([, resource]) => String(resource.Properties.Description));
    expect(descriptions).toHaveLength(apiRows.length + 2 + PIPELINE_FUNCTIONS);
    const routeFunctions = descriptions.filter((description) => /^(GET|POST|PUT|PATCH|DELETE|ANY) /.test(description));
    expect(routeFunctions.sort()).toEqual(apiRows.map((route) => `${route.method} ${route.path}`).sort());
    expect(descriptions.filter((description) => /^(Dashboard|Public) pages: /.test(description))).toHaveLength(2);
    // The pages are many rows, none of them a function of its own.
    expect(routes.filter((route) => deploymentOf(route) === 'web').length).toBeGreaterThan(100);
  });

  it('keeps every stack within CloudFormation\'s 500 resources', () => {
    const perStack = new Map<string, number>();
    for (const [id] of resources) perStack.set(id.slice(0, id.lastIndexOf('/')), (perStack.get(id.slice(0, id.lastIndexOf('/'))) ?? 0) + 1);
    for (const [stack, count] of perStack) expect(count, stack).toBeLessThan(450);
  });

  it('creates each API row as a route with its method and path, integrated with its own function, and the pages as greedy routes of their two functions', () => {
    const routeKeys = ofType('AWS::ApiGatewayV2::Route').map(([, resource]) => resource.Properties.RouteKey);
    const pageKeys = Object.values(PAGE_FUNCTION_PATHS).flat().map((path) => `ANY ${path}`);
    expect(routeKeys.sort()).toEqual([...apiRows.map((route) => (route.path === '$default' ? '$default' : `${route.method} ${route.path}`)), ...pageKeys].sort());
    const integrations = ofType('AWS::ApiGatewayV2::Integration');
    expect(integrations).toHaveLength(apiRows.length + pageKeys.length);
    const targets = new Set(integrations.map(([, resource]) => JSON.stringify(resource.Properties.IntegrationUri)));
    expect(targets.size).toBe(apiRows.length + 2);
    // Every page row is reached by one of its function's greedy paths, and no API row is.
    const reaches = (path: string, greedy: string) => (greedy.endsWith('/{proxy+}') ? path.startsWith(greedy.slice(0, -'{proxy+}'.length)) : path === greedy);
    for (const route of routes) {
      const deployment = deploymentOf(route);
      const greedy = Object.entries(PAGE_FUNCTION_PATHS).filter(([, paths]) => paths.some((path) => reaches(route.path, path))).map(([name]) => name);
      expect(greedy, route.id).toEqual(deployment === 'api' ? [] : [deployment]);
    }
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
    const linkMakers = ofType('AWS::Lambda::Function').filter(([, resource]) => /^((GET|POST|PUT|PATCH|DELETE|ANY) |(Dashboard|Public) pages: |Builds and sends one e-mail)/.test(String(resource.Properties.Description)));
    expect(linkMakers).toHaveLength(apiRows.length + 2 + 1);
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
    expect(withSecret.map((route) => route.id).sort()).toEqual(['dashboard.invoiceEInvoice', 'dashboard.invoiceLink', 'dashboard.invoicePdf', 'invoices.eInvoice', 'invoices.link', 'invoices.pdf', 'members.create', 'publicInvoices.page', 'publicInvoices.pdf', 'settings.inviteMember']);
    // The GETs that write: those that publish a link, and the reads that apply their credential's own writes to a
    // projection first (docs/books-as-of.md, "Read your own writes"). No other GET may.
    expect(apiRows.filter((route) => route.method === 'GET' && needsOf(route).table === 'readwrite').map((route) => route.id).sort()).toEqual([
      'bankAccounts.reconciliation', 'bankAccounts.unmatchedPostings', 'bankLines.suggestions', 'bills.list', 'cashSales.list', 'creditNotes.list', 'debitNotes.list', 'estimates.list', 'expenses.list',
      'generalLedger.get', 'invoices.eInvoice', 'invoices.link', 'invoices.list', 'invoices.pdf', 'prepayments.list', 'purchaseOrders.list', 'salesOrders.list', 'statements.get', 'vendorCredits.list', 'vendorPrepayments.list',
    ]);
    for (const route of apiRows) {
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

  it("gives each page function the grants of its own rows together: the web function every dashboard page's, the public pages' only theirs", () => {
    const policies = ofType('AWS::IAM::Policy');
    const actionsOf = (roleName: string) => JSON.stringify(policies.filter(([, resource]) => new RegExp(`"${roleName}Role[0-9A-F]{8}"`).test(JSON.stringify(resource.Properties.Roles))).map(([, resource]) => resource.Properties.PolicyDocument));
    const web = actionsOf('WebPages');
    expect(web).toContain('dynamodb:PutItem');
    expect(web).toContain('LinksSecret');
    expect(web).toContain('OAuth');
    const publicPages = actionsOf('PublicPages');
    expect(publicPages).toContain('dynamodb:PutItem');
    expect(publicPages).toContain('LinksSecret');
    // Its role is its own: no policy names both functions' roles.
    for (const [, resource] of policies) expect(JSON.stringify(resource.Properties.Roles).includes('WebPagesRole') && JSON.stringify(resource.Properties.Roles).includes('PublicPagesRole')).toBe(false);
  });

  it("keeps each nested stack of routes under CloudFormation's 500 resources, with no stack per dashboard section", () => {
    const perStack = new Map<string, number>();
    for (const [id] of resources) {
      const stack = /\/Http\/(Routes[A-Za-z]+)\//.exec(id)?.[1];
      if (stack) perStack.set(stack, (perStack.get(stack) ?? 0) + 1);
    }
    expect(perStack.size).toBeGreaterThan(10);
    for (const [stack, count] of perStack) expect(count, stack).toBeLessThan(500);
    expect([...perStack.keys()].filter((stack) => stack.startsWith('RoutesDashboard'))).toEqual([]);
    expect(perStack.has('RoutesWebPages')).toBe(true);
    expect(perStack.has('RoutesPublicPages')).toBe(true);
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

describe('the records bucket', () => {
  it('is private, encrypted, versioned, TLS only and logged; old versions expire after 90 days, uploads still tagged pending after one', () => {
    const buckets = ofType('AWS::S3::Bucket');
    // The records bucket and its access-log bucket; no other.
    expect(buckets).toHaveLength(2);
    const [recordsId, records] = buckets.find(([, bucket]) => bucket.Properties.VersioningConfiguration !== undefined)!;
    expect(records.Properties).toMatchObject({
      VersioningConfiguration: { Status: 'Enabled' },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
      LoggingConfiguration: { LogFilePrefix: 'records/' },
      LifecycleConfiguration: {
        Rules: [
          { Id: 'OldVersions', NoncurrentVersionExpiration: { NoncurrentDays: 90 }, Status: 'Enabled' },
          { Id: 'PendingUploads', ExpirationInDays: 1, TagFilters: [{ Key: 'state', Value: 'pending' }], Status: 'Enabled' },
        ],
      },
    });
    expect(records.DeletionPolicy).toBe('Retain');
    const policy = ofType('AWS::S3::BucketPolicy').find(([, candidate]) => JSON.stringify(candidate.Properties.Bucket).includes(logicalId(recordsId)))![1];
    expect(JSON.stringify(policy.Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
  });
});
