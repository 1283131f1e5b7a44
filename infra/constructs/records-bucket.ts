import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { CfnBucket } from 'aws-cdk-lib/aws-s3';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

import { PENDING_TAG } from '../../shared/platform/files/file-store.ts';

/**
 * The private bucket of the business's files: the audit trail's exports (issue 47) and, next, attachments (issue
 * 50). Encrypted, versioned (an overwritten or deleted file keeps its old version 90 days), public access blocked,
 * TLS only, objects owned by the bucket; uploads still tagged pending expire after a day. Its access is logged to a
 * bucket of its own. Kept when the stack goes: what is in it is evidence.
 */
export class RecordsBucket extends Construct {
  readonly bucket: Bucket;
  readonly accessLogs: Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    // The log delivery is granted by a bucket policy, not the LogDeliveryWrite ACL (which an owner-enforced bucket refuses).
    this.node.setContext('@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy', true);
    this.accessLogs = new Bucket(this, 'AccessLogs', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ expiration: Duration.days(365) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.accessLogs).acknowledge({ id: 'AwsSolutions-S1', reason: 'This is the access-log bucket itself; logging it to itself would loop.' });
    this.bucket = new Bucket(this, 'Bucket', {
      encryption: BucketEncryption.S3_MANAGED,
      versioned: true,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: 'records/',
      lifecycleRules: [
        { id: 'OldVersions', noncurrentVersionExpiration: Duration.days(90) },
        { id: 'PendingUploads', tagFilters: { [PENDING_TAG.key]: PENDING_TAG.value }, expiration: Duration.days(1) },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // Its Object Created events go to the default bus, where a rule sends attachments' uploads to their check. Set on
    // the CloudFormation resource itself: the construct's `eventBridgeEnabled` sets it through a custom resource, a
    // Lambda function of CDK's with a managed policy, for what the bucket's own property does.
    (this.bucket.node.defaultChild as CfnBucket).notificationConfiguration = { eventBridgeConfiguration: { eventBridgeEnabled: true } };
  }
}
