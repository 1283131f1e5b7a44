/** The banking forms built of declared fields: a statement import and a transfer, drawn new or with a refusal. */
import { getBankAccount } from '../../../shared/banking/bank-accounts.ts';
import { IMPORT_DEFAULTS, IMPORT_FIELDS, transferFields } from '../../../shared/banking/pages/banking-fields.ts';
import type { Typed } from '../../../shared/platform/web/record-form-rules.ts';
import type { Viewer } from '../../../shared/platform/web/viewer.ts';
import { recordFormPage } from '../../../shared/platform/web/record-form.tsx';
import { today } from '../../../shared/platform/core/dates.ts';
import type { FieldProblem } from '../../../shared/platform/core/errors.ts';
import type { Id } from '../../../shared/platform/core/ids.ts';
import { newId } from '../../../shared/platform/core/ids.ts';
import { chartOfAccounts } from '../../../shared/ledger/index.ts';

const BASE = '/dashboard/banking';

export async function drawImportForm(viewer: Viewer, accountId: Id, typed: Typed = IMPORT_DEFAULTS, problems?: readonly FieldProblem[]) {
  const account = await getBankAccount(viewer.business.id, accountId);
  return recordFormPage({
    viewer,
    title: `Import a statement into ${account.name}`,
    intro: 'Up to 45 lines are added at once; a longer statement is queued and its progress shown. A line the account already holds (the same transaction id) is not added twice.',
    action: `${BASE}/${account.id}/import`,
    fields: IMPORT_FIELDS,
    typed,
    submit: 'Import',
    back: `${BASE}/${account.id}`,
    ...(problems ? { problems } : {}),
  });
}

/** The business's cash-flow accounts (banks, cards, cash) a transfer moves money between. */
async function transferAccounts(businessId: Id) {
  return (await chartOfAccounts(businessId)).filter((account) => account.cash_flow && account.currency).map((account) => ({ id: account.id, name: account.name, currency: account.currency as string }));
}

/** The transfer form; its idempotency key is minted when drawn (kept when drawn again after a refusal). */
export async function drawTransferForm(viewer: Viewer, entered?: { readonly typed: Typed; readonly key: string; readonly problems: readonly FieldProblem[] }) {
  const { fields, defaults } = transferFields(await transferAccounts(viewer.business.id), today());
  return recordFormPage({
    viewer,
    title: 'New transfer',
    intro: 'Money moved between two of your accounts of one currency: posted as one journal entry (TR-00001), matched later to both statements.',
    action: `${BASE}/transfers`,
    fields,
    typed: entered?.typed ?? defaults,
    submit: 'Post transfer',
    back: BASE,
    hidden: { idempotency_key: entered?.key ?? newId() },
    ...(entered ? { problems: entered.problems } : {}),
  });
}
