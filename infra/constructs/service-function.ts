import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, LayerVersion, LoggingFormat, Runtime, Tracing, type ILayerVersion } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { Construct } from 'constructs';

export const REPOSITORY_ROOT = resolve(import.meta.dirname, '../..');

/**
 * Left out of every bundle: the AWS SDK (in the Lambda runtime) and Powertools with the X-Ray SDK its tracer
 * needs (in Powertools' public layer). Bundling the tracer would take a customers handler from 48 KB to 208 KB.
 */
export const BUNDLE_EXTERNALS = ['@aws-sdk/*', '@aws-lambda-powertools/*', 'aws-xray-sdk-core'];

/**
 * Modules replaced in every bundle: fontkit's WOFF2 decompressor (brotli, 475 KB), which the PDFs' TTF fonts never
 * use (`infra/bundling/no-woff2.mjs`). Paths relative to the repository root, as esbuild's `alias` takes them.
 */
export const BUNDLE_ALIASES = { 'brotli/decompress.js': './infra/bundling/no-woff2.mjs' } as const;

/** The Powertools version the code is written and tested against, so the layer is the same release. */
const POWERTOOLS_VERSION = (JSON.parse(readFileSync(resolve(REPOSITORY_ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies['@aws-lambda-powertools/logger']!;

/** Powertools' public layer for that version, one per stack, its ARN read from the parameter AWS publishes. */
function powertoolsLayer(scope: Construct): ILayerVersion {
  const stack = Stack.of(scope);
  const existing = stack.node.tryFindChild('PowertoolsLayer') as ILayerVersion | undefined;
  return existing ?? LayerVersion.fromLayerVersionArn(stack, 'PowertoolsLayer', StringParameter.valueForStringParameter(stack, `/aws/service/powertools/typescript/generic/all/${POWERTOOLS_VERSION}`));
}

export interface ServiceFunctionProps {
  /** The handler module, relative to the repository root (a route row's `entry`). */
  readonly entry: string;
  readonly description: string;
  readonly environment: Readonly<Record<string, string>>;
  readonly timeout?: Duration;
  /** Files of installed packages the function reads at run time, copied beside its bundle (`<name>` → `./<dir>/<file>`). */
  readonly files?: Readonly<Record<string, readonly string[]>>;
}

/** The fonts a PDF is drawn with (`shared/sales/pdf.ts` reads them from `./fonts/` beside the bundle). */
export const PDF_FONTS = { fonts: ['node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf', 'node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'] } as const;

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
      layers: [powertoolsLayer(this)],
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
        externalModules: BUNDLE_EXTERNALS,
        esbuildArgs: Object.fromEntries(Object.entries(BUNDLE_ALIASES).map(([from, to]) => [`--alias:${from}`, to])),
        // Some dependencies still call require(); ESM output needs it defined.
        banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
        forceDockerBundling: false,
        ...(props.files
          ? {
              commandHooks: {
                beforeBundling: () => [],
                beforeInstall: () => [],
                afterBundling: (inputDir: string, outputDir: string) => Object.entries(props.files!).flatMap(([dir, files]) => [`mkdir -p "${outputDir}/${dir}"`, ...files.map((file) => `cp "${inputDir}/${file}" "${outputDir}/${dir}/"`)]),
              },
            }
          : {}),
      },
    });
    // No alarm per function: the service's alarms are by meaning (`alarms.ts`), on metrics of the whole service.
    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'X-Ray PutTraceSegments and PutTelemetryRecords support no resource-level permissions.',
    });
  }
}
