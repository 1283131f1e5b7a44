import { Duration, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ServiceFunction } from './service-function.ts';

/**
 * The access-token signing keys: a Secrets Manager secret whose rotation function adds a new key every 30 days
 * (and at once on creation, which makes the first one). Tokens name their key id, so rotation never breaks one.
 */
export class OAuthKeys extends Construct {
  readonly secret: Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.secret = new Secret(this, 'SigningKeys', {
      description: 'ES256 keys that sign OAuth access tokens (newest first)',
      generateSecretString: { secretStringTemplate: JSON.stringify({ keys: [] }), generateStringKey: 'unused' },
    });
    const rotation = new ServiceFunction(this, 'Rotation', { entry: 'functions/access/workers/rotate-keys.ts', description: 'Adds a new access-token signing key', environment: {}, timeout: Duration.seconds(30) });
    this.secret.grantRead(rotation.role);
    this.secret.grantWrite(rotation.role);
    rotation.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['secretsmanager:UpdateSecretVersionStage', 'secretsmanager:DescribeSecret'], resources: [this.secret.secretArn] }),
    );
    this.secret.addRotationSchedule('Schedule', { rotationLambda: rotation.fn, automaticallyAfter: Duration.days(30) });
  }
}

/**
 * The secret public invoice links are derived under (an HMAC key, 64 characters generated at deploy). It is never
 * rotated on purpose: a link is the same on every call and stays valid once sent, and a new secret would break every
 * link already in customers' hands.
 */
export class LinkSecret extends Construct {
  readonly secret: Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.secret = new Secret(this, 'Secret', { description: 'HMAC key of public invoice links (never rotated: sent links must keep working)', generateSecretString: { passwordLength: 64, excludePunctuation: true } });
    Validations.of(this.secret).acknowledge({ id: 'AwsSolutions-SMG4', reason: 'Public invoice links are derived under this key and must stay valid once sent: rotating it would break every link customers hold.' });
  }
}
