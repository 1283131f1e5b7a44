/**
 * A void that takes the record's files with it when the business asks (`remove_attachments`): by default they stay,
 * as evidence of what was voided.
 */
import type { Id } from '../platform/core/ids.ts';
import { NotFound } from '../platform/core/errors.ts';
import type { Scope } from '../platform/http/scopes.ts';
import type { RecordVoidInput, VoidInput } from '../ledger/index.ts';
import { kindOfType, writeScopeOf } from './attachable.ts';
import { deleteAttachment, filesOfRecord, requireScope } from './attachments.ts';

export interface VoidedRecord {
  readonly businessId: Id;
  /** What the credential or the session may do: removing the files needs the scope that deletes them. */
  readonly scopes: ReadonlySet<Scope>;
  /** The record's type as its attachments name it (`invoice`, `receipt`, `journal`). */
  readonly type: string;
  readonly id: Id;
}

/**
 * Voids the record (`voidIt`, given the void's own body), then deletes each of its files when asked. The scope is
 * checked before the void, so a refusal changes nothing. The files go after the void has committed, each as its own
 * `DELETE /attachments/{id}` would (audit entry and `attachment.deleted` event included): a void that fails keeps them,
 * and a failure between two files leaves the rest attached, to be deleted one by one, never a file without its record.
 */
export async function voidWithFiles<T>(record: VoidedRecord, body: RecordVoidInput | undefined, voidIt: (input: VoidInput | undefined) => Promise<T>): Promise<T> {
  const { remove_attachments: remove, ...input } = body ?? {};
  const kind = remove ? kindOfType(record.type) : undefined;
  if (remove && !kind) throw new Error(`No files attach to a ${record.type}`);
  if (kind) requireScope(record.scopes, writeScopeOf(kind));
  const voided = await voidIt(body ? input : undefined);
  if (kind) {
    for (const file of await filesOfRecord(record.businessId, kind, record.id)) {
      // A file deleted meanwhile (its own DELETE) is gone already, as asked.
      await deleteAttachment(record.businessId, record.scopes, file.id as Id).catch((error: unknown) => {
        if (!(error instanceof NotFound)) throw error;
      });
    }
  }
  return voided;
}
