import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { buildApp } from '../../infra/app.ts';

/**
 * Builds the real app with asset bundling skipped for speed (the template is the same; only the code asset is a
 * placeholder). `npm run synth` bundles for real.
 */
export function synthesizeForTest() {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const built = buildApp(app);
  return { ...built, template: () => Template.fromStack(built.stack) };
}
