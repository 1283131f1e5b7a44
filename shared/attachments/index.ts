/**
 * The attachments domain's public entry: what other domains and their entry points use of it. A domain imports
 * another only through its index (design.md, "Dependencies point one way"; `test/platform/layers.test.ts`).
 */
export { addKeptFile, putKeptFile, readAttachmentFile, removeKeptFile } from './attachments.ts';
export type { KeptFile } from './attachments.ts';
export { safeFileName } from './file-kinds.ts';
export { RecordFiles, recordFilesFor } from './pages/record-files.tsx';
export type { RecordFilesView } from './pages/record-files.tsx';
export { Attachment } from './schemas.ts';
export { voidWithFiles } from './void-files.ts';
