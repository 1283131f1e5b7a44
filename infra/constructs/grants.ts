import { Names, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IRole } from 'aws-cdk-lib/aws-iam';

/**
 * Grants a role read or read-write access to the table, and acknowledges the one wildcard that brings: the
 * table's own index ARNs, which lists query.
 */
export function grantTable(table: ITable, role: IRole, access: 'read' | 'readwrite'): void {
  if (access === 'read') table.grantReadData(role);
  else table.grantReadWriteData(role);
  const tableStack = Stack.of(table);
  const logicalId = tableStack.getLogicalId(table.node.defaultChild as CfnElement);
  // In the table's own stack the ARN is the table's attribute; in a nested stack it arrives as a parameter.
  const tableResource = table.node.defaultChild as CfnElement;
  const arn = Stack.of(role) === tableStack ? `${logicalId}.Arn` : `referenceto${Names.uniqueId(tableResource)}Arn`;
  Validations.of(role).acknowledge({
    id: `AwsSolutions-IAM5[Resource::<${arn}>/index/*]`,
    reason: "The index wildcard covers only the table's own local secondary indexes, which the lists query.",
  });
}
