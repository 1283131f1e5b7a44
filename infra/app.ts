import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { LedgerServiceStack } from './stack.ts';

/** `cdk synth` / `cdk deploy` entry point. The AwsSolutions checks run on every synthesis. */
export function buildApp(app = new App()): { app: App; stack: LedgerServiceStack } {
  const stack = new LedgerServiceStack(app, 'LedgerService', {
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildApp().app.synth();
}
