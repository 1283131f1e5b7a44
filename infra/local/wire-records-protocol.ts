import { AwsJson1_0Protocol } from '@aws-sdk/core/protocols';

type DeserializeArguments = Parameters<AwsJson1_0Protocol['deserializeResponse']>;
/** What every answer carries (the SDK's MetadataBearer). */
type Answer = Awaited<ReturnType<AwsJson1_0Protocol['deserializeResponse']>>;

/**
 * The streams client's own JSON protocol, except that a GetRecords answer is handed over as it came off the wire.
 *
 * A stream record on the wire is already the record Lambda hands a consumer: images in DynamoDB's attribute-value
 * JSON, the creation time in epoch seconds. The SDK's deserializer walked every record, image and attribute against
 * the service model, making Dates and byte arrays that the reader then turned back into Lambda's shape: in the
 * local runtime, where both readers run in the process that serves the requests, that walk was the largest part of
 * what the stream cost the main thread. Errors (an expired iterator, trimmed data) still go through the SDK.
 * Passed to the client through its `protocol` setting, which takes a protocol class.
 */
export class WireRecordsProtocol extends AwsJson1_0Protocol {
  override async deserializeResponse<Output extends Answer>(...[operationSchema, context, response]: DeserializeArguments): Promise<Output> {
    if (operationSchema.name !== 'GetRecords' || response.statusCode >= 300) return super.deserializeResponse(operationSchema, context, response);
    const bytes = await context.streamCollector(response.body);
    return { ...(JSON.parse(new TextDecoder().decode(bytes)) as object), $metadata: this.deserializeMetadata(response) } as Output;
  }
}
