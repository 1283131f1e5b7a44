/**
 * An e-invoice in the words of EN 16931 (its business terms, BT-n and BG-n), before any syntax: what
 * `from-document.ts` makes of a posted document, what `ubl.ts` and `cii.ts` write, and what `rules.ts` checks.
 * Amounts are integer minor units of their currency (EN 16931 allows at most two decimals: BR-DEC-*), so every sum
 * the rules check is exact.
 */

/** The VAT category codes EN 16931 uses (UNTDID 5305), one per tax kind (`shared/ledger/tax/tax-kinds.ts`). */
export type VatCategory = 'S' | 'Z' | 'E' | 'AE' | 'K' | 'G' | 'O';

export interface EInvoiceAddress {
  readonly line1: string | null;
  readonly line2: string | null;
  readonly city: string | null;
  readonly region: string | null;
  readonly postalCode: string | null;
  /** ISO 3166-1 alpha-2 (BT-40, BT-55). */
  readonly country: string;
}

export interface EInvoiceParty {
  /** BT-27 / BT-44. */
  readonly name: string;
  /** BT-28 trading name, when the legal name differs. */
  readonly tradingName: string | null;
  /** BT-31 / BT-48: left out where the category says so (BR-O-02). */
  readonly vatId: string | null;
  /** BT-29 seller identifier: given where nothing else identifies the seller (BR-CO-26). */
  readonly identifier: string | null;
  readonly address: EInvoiceAddress;
  /** BT-34 / BT-49: scheme (CEF EAS) and identifier. */
  readonly electronicAddress: { readonly scheme: string; readonly id: string } | null;
  readonly email: string | null;
}

export interface EInvoiceLine {
  /** BT-126. */
  readonly id: string;
  /** BT-153. */
  readonly name: string;
  /** BT-129, as decimal text: negative on a line that takes an amount off (its price stays positive, BR-27). */
  readonly quantity: string;
  /** BT-146, the net price, as decimal text, never negative. */
  readonly price: string;
  /** BT-131 line net amount, in minor units. */
  readonly net: number;
  readonly category: VatCategory;
  /** BT-152 percent. */
  readonly percent: number;
}

/** One VAT breakdown (BG-23): per category and rate. */
export interface VatBreakdown {
  readonly category: VatCategory;
  readonly percent: number;
  /** BT-116. */
  readonly taxable: number;
  /** BT-117. */
  readonly tax: number;
  /** BT-120, where the category carries no tax and must say why. */
  readonly exemptionReason: string | null;
}

export interface EInvoice {
  /** 380 commercial invoice, 381 credit note (BT-3). */
  readonly typeCode: '380' | '381';
  /** BT-1. */
  readonly number: string;
  /** BT-2. */
  readonly issueDate: string;
  /** BT-9. */
  readonly dueDate: string | null;
  /** BT-20. */
  readonly paymentTerms: string | null;
  /** BT-5. */
  readonly currency: string;
  /** BT-6 and BT-111: the accounting currency and the tax total in it, when it differs from the document's. */
  readonly taxCurrency: { readonly code: string; readonly taxTotal: number } | null;
  /** BT-10 buyer reference. */
  readonly buyerReference: string | null;
  /** BT-22. */
  readonly note: string | null;
  readonly seller: EInvoiceParty;
  readonly buyer: EInvoiceParty;
  /** BT-72 and BT-80, which intra-community supplies need (BR-IC-11, BR-IC-12). */
  readonly delivery: { readonly date: string; readonly country: string } | null;
  /** BG-16/BG-17: credit transfer to an IBAN (BT-81 code, BT-84 account), or none. */
  readonly payment: { readonly meansCode: '30' | '58'; readonly account: string; readonly reference: string } | null;
  /** BT-124: where the document can be seen (the public invoice page). */
  readonly link: string | null;
  readonly lines: readonly EInvoiceLine[];
  readonly breakdown: readonly VatBreakdown[];
  /** BT-106 sum of line nets. */
  readonly lineTotal: number;
  /** BT-109. */
  readonly taxExclusive: number;
  /** BT-110. */
  readonly taxTotal: number;
  /** BT-112. */
  readonly taxInclusive: number;
  /** BT-113 paid amount. */
  readonly prepaid: number;
  /** BT-115. */
  readonly payable: number;
}

/** A document-level allowance (BG-20) or charge (BG-21): what a supplier's e-invoice may take off or add. */
export interface DocumentAllowance {
  readonly charge: boolean;
  /** BT-92 / BT-99, in minor units. */
  readonly amount: number;
  readonly category: VatCategory;
  readonly percent: number;
  readonly reason: string | null;
}

/** An e-invoice as received from a supplier (`read.ts`): what the service writes, and what it does not. */
export interface ReceivedInvoice extends EInvoice {
  readonly allowances: readonly DocumentAllowance[];
  /** BT-114. */
  readonly rounding: number;
}
