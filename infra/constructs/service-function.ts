import { resolve } from 'node:path';
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, LoggingFormat, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

export const REPOSITORY_ROOT = resolve(import.meta.dirname, '../..');

export interface ServiceFunctionProps {
  /** The handler module, relative to the repository root (a route row's `entry`). */
  readonly entry: string;
  readonly description: string;
  readonly environment: Readonly<Record<string, string>>;
  readonly timeout?: Duration;
}

/**
 * Every function of the service, with the same defaults: Node 24 on ARM64, ESM bundled by the local esbuild
 * (no Docker), JSON logs into its own log group with a retention, X-Ray tracing, and a role that starts with
 * nothing but its own log group; each caller grants what the function needs and no more.
 */
export class ServiceFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly role: Role;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    super(scope, id);
    const logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${props.entry}`,
    });
    logGroup.grantWrite(this.role);
    this.fn = new NodejsFunction(this, 'Function', {
      entry: resolve(REPOSITORY_ROOT, props.entry),
      handler: 'handler',
      description: props.description,
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: 1024,
      timeout: props.timeout ?? Duration.seconds(10),
      tracing: Tracing.ACTIVE,
      role: this.role,
      logGroup,
      loggingFormat: LoggingFormat.JSON,
      projectRoot: REPOSITORY_ROOT,
      depsLockFilePath: resolve(REPOSITORY_ROOT, 'package-lock.json'),
      environment: {
        POWERTOOLS_SERVICE_NAME: 'ledger-service',
        POWERTOOLS_LOG_LEVEL: 'INFO',
        SERVICE_STAGE: 'aws',
        NODE_OPTIONS: '--enable-source-maps',
        ...props.environment,
      },
      bundling: {
        format: OutputFormat.ESM,
        target: 'node24',
        minify: true,
        sourceMap: true,
        mainFields: ['module', 'main'],
        // Some dependencies still call require(); ESM output needs it defined.
        banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
        forceDockerBundling: false,
      },
    });
    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'X-Ray PutTraceSegments and PutTelemetryRecords support no resource-level permissions.',
    });
  }
}
