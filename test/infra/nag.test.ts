import { Validations } from 'aws-cdk-lib';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { describe, expect, it } from 'vitest';
import { synthesizeForTest } from './app-fixture.ts';

interface Acknowledgement {
  readonly path: string;
  readonly data: unknown;
}

function acknowledgements(root: ReturnType<typeof synthesizeForTest>['app']): Acknowledgement[] {
  return root.node
    .findAll()
    .flatMap((construct) =>
      construct.node.metadata
        .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
        .map((entry) => ({ path: construct.node.path, data: entry.data as unknown })),
    );
}

describe('cdk-nag AwsSolutions', () => {
  it('passes: synthesis runs the pack and would throw on any finding not acknowledged', () => {
    const { app } = synthesizeForTest();
    expect(() => app.synth()).not.toThrow();
  });

  it('acknowledges each accepted finding with a reason of its own', () => {
    const { app } = synthesizeForTest();
    const found = acknowledgements(app);
    expect(found.length).toBeGreaterThan(0);
    const ruleIds = new Set<string>();
    for (const { path, data } of found) {
      // CDK keeps each acknowledgement as `Annotation::<rule id>` → reason.
      for (const [annotation, reason] of Object.entries(data as Record<string, string>)) {
        const id = annotation.replace(/^Annotation::/, '');
        expect(id, path).toMatch(/^AwsSolutions-/);
        expect(reason.length, `${path} ${id}`).toBeGreaterThan(20);
        ruleIds.add(id.replace(/\[.*$/, ''));
      }
    }
    // The accepted findings, and only these: routes authorize inside the function, the IAM wildcards of X-Ray
    // and of the table's indexes, dead-letter queues that have no dead-letter queue of their own, and the public
    // invoice links' key, which must never rotate, and the access-log bucket, which cannot log to itself.
    expect([...ruleIds].sort()).toEqual(['AwsSolutions-APIG4', 'AwsSolutions-IAM5', 'AwsSolutions-S1', 'AwsSolutions-SMG4', 'AwsSolutions-SQS3']);
  });

  it('acknowledges the routes without a gateway authorizer with the reason of their own kind', () => {
    const { app } = synthesizeForTest();
    const reasonOf = (routeId: string) =>
      acknowledgements(app)
        .filter(({ path }) => path.endsWith(`/${routeId}Route`))
        .map(({ data }) => (data as Record<string, string>)['Annotation::AwsSolutions-APIG4'])
        .find(Boolean);
    expect(reasonOf('rails.confirmPayout')).toMatch(/rail signature/);
    expect(reasonOf('oauth.token')).toMatch(/authenticates the client/);
    expect(reasonOf('oauth.authorize')).toMatch(/cookie session/);
    expect(reasonOf('customers.list')).toMatch(/revocation/);
  });

  it('fails synthesis when a finding is left unacknowledged (the check can fail)', () => {
    const { app, stack } = synthesizeForTest();
    new Queue(stack, 'UnguardedQueue');
    expect(() => app.synth()).toThrow(/AwsSolutions-SQS|SQS queue/);
  });
});
