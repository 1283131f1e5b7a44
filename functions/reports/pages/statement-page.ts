import { parties } from '../../../shared/parties/index.ts';
import { NotFound } from '../../../shared/platform/core/errors.ts';
import type { Id } from '../../../shared/platform/core/ids.ts';
import type { FormEntry } from '../../../shared/platform/web/form-entry.tsx';
import type { Viewer } from '../../../shared/platform/web/viewer.ts';
import { customerStatement } from '../../../shared/reports/customer-statement.ts';
import { customerStatementPage } from '../../../shared/reports/pages/customer-statement.tsx';
import { noticeOf } from '../../../shared/sales/index.ts';
import { statementPeriod } from '../../../shared/reports/statement-period.ts';

/** The statement page of a period asked for, read through the API's use case, with the send form's key and any refused entry. */
export async function statementPageOf(viewer: Viewer, customerId: Id, asked: { readonly from?: string | undefined; readonly to?: string | undefined }, send: { readonly sendKey: string; readonly sendEntry?: FormEntry; readonly notice?: string | undefined }): Promise<string> {
  const businessId = viewer.business.id;
  const [statement, customer] = await Promise.all([customerStatement(businessId, customerId, statementPeriod(asked)), parties('customer').store.get(businessId, customerId)]);
  if (!customer) throw new NotFound('customer');
  return customerStatementPage({ viewer, statement, customerEmail: customer.record.email, sendKey: send.sendKey, sendEntry: send.sendEntry, notice: noticeOf(send.notice) });
}
