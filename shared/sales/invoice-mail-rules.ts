/**
 * What an invoice e-mail says and whom it goes to, decided before anything is written: the recipients (the
 * customer's address unless the request names others, no address twice, at most 50), the default subject and the
 * text beside the attached PDF. Pure: the use case (`shared/sales/invoice-mail.ts`) reads and writes.
 */
import { RuleViolation } from '../platform/core/errors.ts';
import { htmlOfMailText } from '../platform/mail/mail-html.ts';

export const MAX_RECIPIENTS = 50;

export interface Recipients {
  readonly to: readonly string[];
  readonly cc: readonly string[];
}

/** Each address once, the first spelling kept: addresses differing only in case reach the same mailbox. */
function distinct(addresses: readonly string[], taken: Set<string>): string[] {
  const kept: string[] = [];
  for (const address of addresses) {
    const folded = address.toLowerCase();
    if (taken.has(folded)) continue;
    taken.add(folded);
    kept.push(address);
  }
  return kept;
}

/**
 * The recipients of a send: `to` as requested, else the customer's e-mail; `cc` without any address already in `to`.
 * No `to` at all, or more than 50 addresses together, is a 400 naming the field.
 */
export function mailRecipients(requested: { readonly to?: readonly string[] | undefined; readonly cc?: readonly string[] | undefined }, customerEmail: string | null): Recipients {
  const taken = new Set<string>();
  const to = distinct(requested.to && requested.to.length > 0 ? requested.to : customerEmail ? [customerEmail] : [], taken);
  if (to.length === 0) throw RuleViolation.of('to', 'is required: the customer has no e-mail address (send one in `to`, or add it to the customer)');
  const cc = distinct(requested.cc ?? [], taken);
  if (to.length + cc.length > MAX_RECIPIENTS) throw RuleViolation.of(requested.cc?.length ? 'cc' : 'to', `must leave at most ${MAX_RECIPIENTS} addresses in to and cc together`);
  return { to, cc };
}

export interface InvoiceMailFacts {
  readonly businessName: string;
  readonly customerName: string | null;
  readonly no: string;
  /** The invoice's total and balance due as written on it (`majorText` with the currency). */
  readonly total: string;
  readonly balanceDue: string;
  readonly dueDate: string | null;
  readonly link: string;
  /** The sender's own words, when the request gave some. */
  readonly message: string | null;
}

export function defaultSubject(facts: Pick<InvoiceMailFacts, 'businessName' | 'no'>): string {
  return `Invoice ${facts.no} from ${facts.businessName}`;
}

/** The plain-text body: a greeting, the sender's words or a line about the invoice, what is due, and the link. */
export function mailText(facts: InvoiceMailFacts): string {
  const greeting = facts.customerName ? `Dear ${facts.customerName},` : 'Hello,';
  const words = facts.message ?? `Please find invoice ${facts.no} attached, for ${facts.total}.`;
  const due = facts.dueDate ? `${facts.balanceDue} is due by ${facts.dueDate}.` : `${facts.balanceDue} is due.`;
  return [greeting, '', words, '', due, `View and download it online: ${facts.link}`, '', facts.businessName, ''].join('\n');
}

/** The HTML body: the same words as the text, the link as a link. */
export function mailHtml(facts: InvoiceMailFacts): string {
  return htmlOfMailText(mailText(facts), facts.link);
}
