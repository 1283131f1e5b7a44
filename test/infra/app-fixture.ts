import { App, NestedStack, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { buildApp } from '../../infra/app.ts';

export interface Resource {
  readonly Type: string;
  readonly Properties: Record<string, unknown>;
  readonly DeletionPolicy?: string;
}

/**
 * Builds the real app with asset bundling skipped for speed (the template is the same; only the code asset is a
 * placeholder). `npm run synth` bundles for real.
 */
export function synthesizeForTest() {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const built = buildApp(app);
  const stacks = () => [built.stack, ...built.stack.node.findAll().filter((construct): construct is NestedStack => construct instanceof NestedStack)] as Stack[];
  return {
    ...built,
    template: () => Template.fromStack(built.stack),
    /** Every resource of the stack and of its nested stacks, by logical id (prefixed by the stack's path). */
    allResources: (): [string, Resource][] =>
      stacks().flatMap((stack) => Object.entries(Template.fromStack(stack).toJSON().Resources as Record<string, Resource>).map(([id, resource]) => [`${stack.node.path}/${id}`, resource] as [string, Resource])),
  };
}

/** The lookups every template test makes over the resources it synthesized (read when called, after beforeAll). */
export function resourceQueries(resources: () => readonly [string, Resource][]) {
  const ofType = (type: string) => resources().filter(([, resource]) => resource.Type === type);
  return {
    ofType,
    json: (value: unknown) => JSON.stringify(value),
    /** The last segment of a resource's path: its logical id within its stack. */
    logicalId: (path: string) => path.slice(path.lastIndexOf('/') + 1),
    functionNamed: (description: string) => ofType('AWS::Lambda::Function').find(([, resource]) => resource.Properties.Description === description)!,
  };
}
