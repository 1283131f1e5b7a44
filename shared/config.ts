import * as v from 'valibot';

/**
 * Configuration is read once, at cold start, from environment names that CDK and the local runtime both set.
 * A missing or malformed value stops the function before it serves anything.
 */
const ConfigSchema = v.object({
  TABLE_NAME: v.pipe(v.string(), v.minLength(1)),
  /** Set only by the local runtime: the embedded engine's address. */
  DYNAMODB_ENDPOINT: v.optional(v.pipe(v.string(), v.url())),
  AWS_REGION: v.optional(v.string(), 'us-east-1'),
  /** `local` relaxes only what api.md allows the local runtime (http webhook URLs to loopback, insecure cookies). */
  SERVICE_STAGE: v.optional(v.picklist(['local', 'aws']), 'aws'),
});

export type Config = v.InferOutput<typeof ConfigSchema>;

let loaded: Config | undefined;

export function config(): Config {
  if (!loaded) {
    const result = v.safeParse(ConfigSchema, process.env);
    if (!result.success) {
      const problems = result.issues.map((issue) => `${v.getDotPath(issue) ?? '?'}: ${issue.message}`).join('; ');
      throw new Error(`Invalid service configuration: ${problems}`);
    }
    loaded = result.output;
  }
  return loaded;
}
