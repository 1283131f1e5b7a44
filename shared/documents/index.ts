/**
 * The documents domain's public entry: the use cases every sales and purchase document type goes through (check,
 * create or draft, approve, change, void, convert, read). It sits above the ledger, whose document records and
 * posting it uses, and the parties and items it reads; below sales, purchases and reports, which call it
 * (docs/layout.md). A domain imports another only through its index (`test/platform/layers.test.ts`).
 */
export { convertDocument } from './conversions.ts';
export type { ConvertibleType } from './conversions.ts';
export { checkDocumentDraft, createDocument, findDocument, getDocument, listDocuments, newestDocuments, voidDocument } from './documents.ts';
export { approveDraft, createDocumentOrDraft, deleteDraft, draftResourceOf, draftToChange, findDraftDocument, getDocumentOrDraft, listDocumentsOrDrafts, replaceDraft, updateDraft } from './drafts.ts';
