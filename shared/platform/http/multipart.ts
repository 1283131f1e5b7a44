/**
 * A multipart/form-data body (a dashboard form that carries a file: a bank statement) as a `Form`: each field's
 * values, and each file's content as UTF-8 text under its field's name. busboy reads the format (boundaries, part
 * headers, encodings), which is not ours to write.
 */
import busboy from 'busboy';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Form } from './web.ts';

/** The most bytes of a file a form may carry: a statement of 10,000 lines fits; API Gateway stops at 10 MB. */
export const FORM_FILE_BYTES = 5 * 1024 * 1024;

/** The field a file's part sets when the file was cut at FORM_FILE_BYTES. */
export const truncatedField = (name: string) => `${name}.truncated`;

export function isMultipart(event: APIGatewayProxyEventV2): boolean {
  return (event.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');
}

/** The form a multipart body holds; null when it is not one busboy can read. */
export function multipartFormOf(event: APIGatewayProxyEventV2): Promise<Form | null> {
  const body = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
  return new Promise((resolve) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { 'content-type': event.headers['content-type'] ?? '' }, limits: { files: 1, fileSize: FORM_FILE_BYTES, fields: 200, fieldSize: 100_000 } });
    } catch {
      resolve(null);
      return;
    }
    const form: Form = {};
    const files: Promise<void>[] = [];
    parser.on('field', (name, value) => (form[name] ??= []).push(value));
    parser.on('file', (name, stream) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => (form[truncatedField(name)] = ['true']));
      files.push(
        new Promise((ended) =>
          stream.on('close', () => {
            (form[name] ??= []).push(Buffer.concat(chunks).toString('utf8'));
            ended();
          }),
        ),
      );
    });
    parser.on('close', () => void Promise.all(files).then(() => resolve(form)));
    parser.on('error', () => resolve(null));
    parser.end(body);
  });
}
