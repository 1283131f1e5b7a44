import { DescribeSecretCommand, GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient, UpdateSecretVersionStageCommand } from '@aws-sdk/client-secrets-manager';
import type { SecretsManagerRotationEvent } from 'aws-lambda';
import { newStoredKey } from '../../../shared/access/oauth/new-signing-key.ts';
import type { StoredKeys } from '../../../shared/access/oauth/signing-keys.ts';
import { traced } from '../../../shared/platform/observability/telemetry.ts';

const client = traced(new SecretsManagerClient({}));
/** The newest key signs; the ones before it still verify tokens issued under them (a token lives an hour). */
const KEYS_KEPT = 3;

/**
 * Secrets Manager rotation for the access-token signing keys: each rotation adds a new EC P-256 key (its kid goes
 * into every JWT header) in front of the kept ones. The first rotation, run when CDK creates the secret, makes
 * the first key.
 */
export async function handler(event: SecretsManagerRotationEvent): Promise<void> {
  const { SecretId, ClientRequestToken, Step } = event;
  const description = await client.send(new DescribeSecretCommand({ SecretId }));
  const stages = description.VersionIdsToStages ?? {};
  if (Step === 'createSecret') {
    if (stages[ClientRequestToken]?.includes('AWSPENDING')) return;
    const current = JSON.parse((await client.send(new GetSecretValueCommand({ SecretId, VersionStage: 'AWSCURRENT' }))).SecretString ?? '{"keys":[]}') as Partial<StoredKeys>;
    const keys = [await newStoredKey(), ...(current.keys ?? [])].slice(0, KEYS_KEPT);
    await client.send(new PutSecretValueCommand({ SecretId, ClientRequestToken, SecretString: JSON.stringify({ keys }), VersionStages: ['AWSPENDING'] }));
  } else if (Step === 'finishSecret') {
    const currentVersion = Object.entries(stages).find(([, versionStages]) => versionStages.includes('AWSCURRENT'))?.[0];
    if (currentVersion === ClientRequestToken) return;
    await client.send(new UpdateSecretVersionStageCommand({ SecretId, VersionStage: 'AWSCURRENT', MoveToVersionId: ClientRequestToken, RemoveFromVersionId: currentVersion }));
  }
  // setSecret and testSecret have nothing to do: the keys are used only by this service, read from the secret.
}
