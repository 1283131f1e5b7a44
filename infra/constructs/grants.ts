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

/**
 * Grants a role the least it needs on one folder of the records bucket: `read` signs download links (GetObject),
 * `write` uploads (PutObject and the abort of an unfinished multipart upload). No list, no delete, no other folder;
 * the one wildcard is the folder's own objects.
 */
export function grantRecords(bucket: IBucket, role: IRole, folder: string, access: 'read' | 'write'): void {
  const actions = access === 'read' ? ['s3:GetObject'] : ['s3:PutObject', 's3:AbortMultipartUpload'];
  role.addToPrincipalPolicy(new PolicyStatement({ actions, resources: [bucket.arnForObjects(`${folder}/*`)] }));
  Validations.of(role).acknowledge({ id: `AwsSolutions-IAM5[Resource::<${arnAsSeenBy(bucket, role)}>/${folder}/*]`, reason: `The objects of the ${folder} folder of the records bucket, which this function ${access === 'read' ? 'signs download links of' : 'writes'}.` });
}

export function grantTable(table: ITable, role: IRole, access: 'read' | 'readwrite'): void {
  if (access === 'read') table.grantReadData(role);
  else table.grantReadWriteData(role);
  Validations.of(role).acknowledge({
    id: `AwsSolutions-IAM5[Resource::<${arnAsSeenBy(table, role)}>/index/*]`,
    reason: "The index wildcard covers only the table's own local secondary indexes, which the lists query.",
  });
}
