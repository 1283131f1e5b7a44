/**
 * The documents domain's public entry: what other domains and their entry points use of it. A domain imports
 * another only through its index (design.md, "Dependencies point one way"; `test/platform/layers.test.ts`).
 */
export { convertDocument } from './conversions.ts';
export type { ConvertibleType } from './conversions.ts';
export { checkDocumentDraft, createDocument, findDocument, getDocument, listDocuments, newestDocuments, voidDocument } from './documents.ts';
export { approveDraft, createDocumentOrDraft, deleteDraft, draftResourceOf, draftToChange, findDraftDocument, getDocumentOrDraft, listDocumentsOrDrafts, replaceDraft, updateDraft } from './drafts.ts';
