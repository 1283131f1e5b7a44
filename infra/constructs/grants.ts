import { Names, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, type IRole } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';

/**
 * Grants a role read or read-write access to the table, and acknowledges the one wildcard that brings: the
 * table's own index ARNs, which lists query.
 */
/** The ARN of a resource as a role's policy names it: an attribute in the resource's own stack, a parameter in a nested one. */
function arnAsSeenBy(resource: { readonly node: { readonly defaultChild?: unknown } }, role: IRole): string {
  const element = resource.node.defaultChild as CfnElement;
  return Stack.of(role) === Stack.of(element) ? `${Stack.of(element).getLogicalId(element)}.Arn` : `referenceto${Names.uniqueId(element)}Arn`;
}

/** What each access to a folder of the records bucket allows. */
const RECORDS_ACTIONS = {
  read: ['s3:GetObject'],
  write: ['s3:PutObject', 's3:AbortMultipartUpload'],
  // A presigned POST is allowed by its signer's rights: the object, and the pending tag it carries.
  upload: ['s3:PutObject', 's3:PutObjectTagging'],
  delete: ['s3:DeleteObject'],
  // The upload check: reads the first bytes, then takes the pending tag off or deletes the file.
  check: ['s3:GetObject', 's3:DeleteObjectTagging', 's3:DeleteObject'],
  // A use case that reads an uploaded file and keeps one of its own (a supplier's e-invoice on its bill), or takes it back.
  keep: ['s3:GetObject', 's3:PutObject', 's3:AbortMultipartUpload', 's3:DeleteObject'],
} as const;

const RECORDS_REASONS: Readonly<Record<keyof typeof RECORDS_ACTIONS, string>> = {
  read: 'signs download links of',
  write: 'writes',
  upload: 'signs upload forms for',
  delete: 'deletes',
  check: 'checks the uploads of',
  keep: 'reads uploaded files from and keeps its own files in',
};

/**
 * Grants a role the least it needs on one folder of the records bucket: `read` signs download links (GetObject),
 * `write` uploads (PutObject and the abort of an unfinished multipart upload), `upload` signs upload forms,
 * `delete` deletes, `check` reads an upload and keeps or deletes it. No list, no other folder; the one wildcard
 * is the folder's own objects. A folder may itself begin with a wildcard (`*` + `/attachments`: every business's).
 */
export function grantRecords(bucket: IBucket, role: IRole, folder: string, access: keyof typeof RECORDS_ACTIONS): void {
  role.addToPrincipalPolicy(new PolicyStatement({ actions: [...RECORDS_ACTIONS[access]], resources: [bucket.arnForObjects(`${folder}/*`)] }));
  Validations.of(role).acknowledge({ id: `AwsSolutions-IAM5[Resource::<${arnAsSeenBy(bucket, role)}>/${folder}/*]`, reason: `The objects of the ${folder} folder of the records bucket, which this function ${RECORDS_REASONS[access]}.` });
}

export function grantTable(table: ITable, role: IRole, access: 'read' | 'readwrite'): void {
  if (access === 'read') table.grantReadData(role);
  else table.grantReadWriteData(role);
  Validations.of(role).acknowledge({
    id: `AwsSolutions-IAM5[Resource::<${arnAsSeenBy(table, role)}>/index/*]`,
    reason: "The index wildcard covers only the table's own local secondary indexes, which the lists query.",
  });
}
