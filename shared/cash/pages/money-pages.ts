import type { PartyKind } from '../../parties/index.ts';
import type { MoneyKind, RefundKind } from '../records.ts';
import type { MoneyPageKind } from './money-page.tsx';

/** The money that has pages of its own: receipts and payments, and refunds of either side's credit. */
export type PagedMoney = MoneyKind | RefundKind;

export const MONEY_PAGES: Readonly<Record<PagedMoney, MoneyPageKind & { readonly party: PartyKind; readonly plural: string }>> = {
  receipt: { label: 'Receipt', plural: 'Receipts', base: '/dashboard/receipts', partyLabel: 'Customer', accountLabel: 'Received into', settledHeading: 'What it settles', voidScope: 'sales_receipts:void', party: 'customer' },
  payment: { label: 'Payment', plural: 'Payments', base: '/dashboard/payments', partyLabel: 'Vendor', accountLabel: 'Paid from', settledHeading: 'What it settles', voidScope: 'purchases_payments:void', party: 'vendor' },
  refund: { label: 'Refund', plural: 'Refunds', base: '/dashboard/refunds', partyLabel: 'Customer', accountLabel: 'Paid from', settledHeading: 'The credit it refunds', voidScope: 'sales_receipts:void', party: 'customer' },
  vendor_refund: { label: 'Vendor refund', plural: 'Vendor refunds', base: '/dashboard/vendor-refunds', partyLabel: 'Vendor', accountLabel: 'Received into', settledHeading: 'The credit it refunds', voidScope: 'purchases_payments:void', party: 'vendor' },
};
