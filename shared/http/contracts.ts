import * as v from 'valibot';
import type { Route, RouteId } from '../../functions/routes.ts';
import { BankAccount, BankAccountCreate, BankAccountListQuery, BankLine, LinesCreate, LinesListQuery, LinesResult, PayoutConfirmation, PayoutResult, Rail, RailCreate, RailListQuery, RailWithSecret, StatementImport } from '../banking/schemas.ts';
import { Item, ItemCreate, ItemListQuery, ItemPatch } from '../items/schemas.ts';
import { Party, PartyCreate, PartyListQuery, PartyPatch } from '../parties/schemas.ts';
import { EventDescriptor, OpenApiDocument, ServiceIndex } from '../service/schemas.ts';
import {
  Bill, BillCreate, CashSale, CashSaleCreate, CreditAllocation, CreditAllocationCreate, CreditAllocationResult, CreditNote, CreditNoteCreate,
  CustomerDocumentListQuery, DebitNote, DebitNoteCreate, Estimate, EstimateCreate, Expense, ExpenseCreate, Invoice, InvoiceCreate,
  PurchaseOrder, PurchaseOrderCreate, SalesOrder, SalesOrderCreate, VendorDocumentListQuery,
} from '../documents/schemas.ts';
import { MoneyCreate, MoneyDocument, MoneyListQuery } from '../money/schemas.ts';
import { Delivery, DeliveryListQuery, Endpoint, EndpointCreate, EndpointListQuery, EndpointPatch, EndpointWithSecret, PingResult } from '../webhooks/schemas.ts';
import { Account, JournalEntry, JournalEntryListQuery, TrialBalance, TrialBalanceQuery } from '../ledger/schemas.ts';
import { ApiKey, ApiKeyCreate, ApiKeyListQuery, ApiKeyWithSecret } from '../keys/schemas.ts';
import { RevokeRequest, TokenRequest, TokenResponse } from '../oauth/schemas.ts';
import type { Contract } from './contract.ts';
import { pageOf } from './fields.ts';

/** Every route but the `$default` catch-all and the browser pages (HTML, not API) has a contract. */
export type ContractId = Exclude<RouteId, 'fallback' | Extract<Route, { auth: 'browser' }>['id']>;

/** The schemas of every route, keyed by route id: validation, handler types and OpenAPI all read this. */
export const contracts = {
  'index.get': { summary: 'Service index with the webhook event catalogue', tag: 'Service', response: ServiceIndex },
  'openapi.get': { summary: 'This OpenAPI description', tag: 'Service', response: OpenApiDocument },
  'webhookEvents.list': { summary: 'Live webhook event catalogue', tag: 'Webhooks', response: v.array(EventDescriptor) },

  'oauth.token': { summary: 'Exchange an authorization code, or refresh (RFC 6749; JSON or form-encoded)', tag: 'OAuth', body: TokenRequest, response: TokenResponse, oauth: true },
  'oauth.revoke': { summary: 'Revoke an access or refresh token (RFC 7009; JSON or form-encoded)', tag: 'OAuth', body: RevokeRequest, response: v.object({}), oauth: true },
  'apiKeys.create': { summary: 'Create an API key (the key is shown once)', tag: 'API keys', body: ApiKeyCreate, response: ApiKeyWithSecret, status: 201 },
  'apiKeys.list': { summary: 'List API keys', tag: 'API keys', query: ApiKeyListQuery, response: pageOf(ApiKey) },
  'apiKeys.delete': { summary: 'Revoke an API key at once', tag: 'API keys', response: ApiKey },

  'webhookEndpoints.create': { summary: 'Subscribe a webhook endpoint (the signing secret is shown once)', tag: 'Webhooks', body: EndpointCreate, response: EndpointWithSecret, status: 201 },
  'webhookEndpoints.list': { summary: 'List webhook endpoints', tag: 'Webhooks', query: EndpointListQuery, response: pageOf(Endpoint) },
  'webhookEndpoints.get': { summary: 'Get a webhook endpoint', tag: 'Webhooks', response: Endpoint },
  'webhookEndpoints.update': { summary: 'Update a webhook endpoint', tag: 'Webhooks', body: EndpointPatch, response: Endpoint },
  'webhookEndpoints.delete': { summary: 'Delete a webhook endpoint', tag: 'Webhooks', response: Endpoint },
  'webhookEndpoints.ping': { summary: 'Send the ping event to this endpoint only', tag: 'Webhooks', response: PingResult },
  'webhookEndpoints.rotateSecret': { summary: 'Rotate the signing secret (the old one signs beside it for 24 hours)', tag: 'Webhooks', response: EndpointWithSecret },
  'webhookDeliveries.list': { summary: "List an endpoint's deliveries with every attempt", tag: 'Webhooks', query: DeliveryListQuery, response: pageOf(Delivery) },
  'webhookDeliveries.retry': { summary: 'Deliver again by hand', tag: 'Webhooks', response: Delivery, otherStatuses: { 409: 'The delivery is still pending: it will be tried on its schedule.' } },

  'customers.create': { summary: 'Create a customer', tag: 'Customers', body: PartyCreate, response: Party, status: 201 },
  'customers.list': { summary: 'List customers by name', tag: 'Customers', query: PartyListQuery, response: pageOf(Party) },
  'customers.get': { summary: 'Get a customer', tag: 'Customers', response: Party },
  'customers.update': { summary: 'Update a customer', tag: 'Customers', body: PartyPatch, response: Party },

  'vendors.create': { summary: 'Create a vendor', tag: 'Vendors', body: PartyCreate, response: Party, status: 201 },
  'vendors.list': { summary: 'List vendors by name', tag: 'Vendors', query: PartyListQuery, response: pageOf(Party) },
  'vendors.get': { summary: 'Get a vendor', tag: 'Vendors', response: Party },
  'vendors.update': { summary: 'Update a vendor', tag: 'Vendors', body: PartyPatch, response: Party },

  'items.create': { summary: 'Create an item', tag: 'Items', body: ItemCreate, response: Item, status: 201 },
  'items.list': { summary: 'List items (a plain array), filtered by type and status', tag: 'Items', query: ItemListQuery, response: v.array(Item) },
  'items.get': { summary: 'Get an item', tag: 'Items', response: Item },
  'items.update': { summary: 'Update an item', tag: 'Items', body: ItemPatch, response: Item },

  'bankAccounts.create': { summary: 'Create a cash-flow (bank or cash) account', tag: 'Banking', body: BankAccountCreate, response: BankAccount, status: 201 },
  'bankAccounts.list': { summary: 'List cash-flow accounts by name', tag: 'Banking', query: BankAccountListQuery, response: pageOf(BankAccount) },
  'bankAccounts.get': { summary: 'Get a cash-flow account', tag: 'Banking', response: BankAccount },
  'bankLines.create': { summary: 'Add statement lines (a repeated external_id is skipped, not doubled)', tag: 'Banking', body: LinesCreate, response: LinesResult, status: 201, otherStatuses: { 200: 'Every line was recorded before: nothing was added, and the skipped lines are listed.' } },
  'bankLines.list': { summary: "List an account's statement lines by date", tag: 'Banking', query: LinesListQuery, response: pageOf(BankLine) },
  'bankImports.create': { summary: 'Import a CSV or OFX statement (all of it, or nothing)', tag: 'Banking', body: StatementImport, response: LinesResult, status: 201, otherStatuses: { 200: 'Every line was recorded before: nothing was added, and the skipped lines are listed.' } },
  'payoutRails.create': { summary: 'Configure a payout rail (its signing secret is shown once)', tag: 'Banking', body: RailCreate, response: RailWithSecret, status: 201 },
  'payoutRails.list': { summary: 'List payout rails', tag: 'Banking', query: RailListQuery, response: pageOf(Rail) },
  'payoutRails.delete': { summary: 'Delete a payout rail', tag: 'Banking', response: Rail },
  'rails.confirmPayout': { summary: 'A bank confirms a payout (signed with the rail secret, no bearer)', tag: 'Banking', body: PayoutConfirmation, response: PayoutResult, otherStatuses: { 404: 'The rail, or the bill the confirmation names, does not exist.' } },
  'invoices.create': { summary: 'Create an invoice (posted at once)', tag: 'Invoices', body: InvoiceCreate, response: Invoice, status: 201 },
  'invoices.list': { summary: 'List invoices by business date, then number', tag: 'Invoices', query: CustomerDocumentListQuery, response: pageOf(Invoice) },
  'invoices.get': { summary: 'Get an invoice', tag: 'Invoices', response: Invoice },
  'invoices.void': { summary: 'Void an invoice (reversing its journal entry)', tag: 'Invoices', response: Invoice },

  'bills.create': { summary: 'Create a bill (posted at once)', tag: 'Bills', body: BillCreate, response: Bill, status: 201 },
  'bills.list': { summary: 'List bills by business date, then number', tag: 'Bills', query: VendorDocumentListQuery, response: pageOf(Bill) },
  'bills.get': { summary: 'Get a bill', tag: 'Bills', response: Bill },
  'bills.void': { summary: 'Void a bill (reversing its journal entry)', tag: 'Bills', response: Bill },

  'estimates.create': { summary: 'Create an estimate', tag: 'Estimates', body: EstimateCreate, response: Estimate, status: 201 },
  'estimates.list': { summary: 'List estimates by business date, then number', tag: 'Estimates', query: CustomerDocumentListQuery, response: pageOf(Estimate) },
  'estimates.get': { summary: 'Get an estimate', tag: 'Estimates', response: Estimate },
  'estimates.void': { summary: 'Void an estimate', tag: 'Estimates', response: Estimate },

  'salesOrders.create': { summary: 'Create a sales order', tag: 'Sales orders', body: SalesOrderCreate, response: SalesOrder, status: 201 },
  'salesOrders.list': { summary: 'List sales orders by business date, then number', tag: 'Sales orders', query: CustomerDocumentListQuery, response: pageOf(SalesOrder) },
  'salesOrders.get': { summary: 'Get a sales order', tag: 'Sales orders', response: SalesOrder },
  'salesOrders.void': { summary: 'Void a sales order', tag: 'Sales orders', response: SalesOrder },

  'purchaseOrders.create': { summary: 'Create a purchase order', tag: 'Purchase orders', body: PurchaseOrderCreate, response: PurchaseOrder, status: 201 },
  'purchaseOrders.list': { summary: 'List purchase orders by business date, then number', tag: 'Purchase orders', query: VendorDocumentListQuery, response: pageOf(PurchaseOrder) },
  'purchaseOrders.get': { summary: 'Get a purchase order', tag: 'Purchase orders', response: PurchaseOrder },
  'purchaseOrders.void': { summary: 'Void a purchase order', tag: 'Purchase orders', response: PurchaseOrder },

  'creditNotes.create': { summary: 'Create a credit note (posted at once)', tag: 'Credit notes', body: CreditNoteCreate, response: CreditNote, status: 201 },
  'creditNotes.list': { summary: 'List credit notes by business date, then number', tag: 'Credit notes', query: CustomerDocumentListQuery, response: pageOf(CreditNote) },
  'creditNotes.get': { summary: 'Get a credit note', tag: 'Credit notes', response: CreditNote },
  'creditNotes.void': { summary: 'Void a credit note (reversing its journal entry)', tag: 'Credit notes', response: CreditNote },
  'creditNotes.allocate': { summary: 'Apply credit to invoices of the same customer', tag: 'Credit notes', body: CreditAllocationCreate, response: CreditAllocationResult, status: 201, otherStatuses: { 409: 'The credit note is voided.' } },
  'creditAllocations.void': { summary: 'Void a credit allocation, reopening its invoice', tag: 'Credit notes', response: CreditAllocation },

  'debitNotes.create': { summary: 'Create a debit note (posted at once)', tag: 'Debit notes', body: DebitNoteCreate, response: DebitNote, status: 201 },
  'debitNotes.list': { summary: 'List debit notes by business date, then number', tag: 'Debit notes', query: CustomerDocumentListQuery, response: pageOf(DebitNote) },
  'debitNotes.get': { summary: 'Get a debit note', tag: 'Debit notes', response: DebitNote },
  'debitNotes.void': { summary: 'Void a debit note (reversing its journal entry)', tag: 'Debit notes', response: DebitNote },

  'cashSales.create': { summary: 'Create a cash sale (posted at once)', tag: 'Cash sales', body: CashSaleCreate, response: CashSale, status: 201 },
  'cashSales.list': { summary: 'List cash sales by business date, then number', tag: 'Cash sales', query: CustomerDocumentListQuery, response: pageOf(CashSale) },
  'cashSales.get': { summary: 'Get a cash sale', tag: 'Cash sales', response: CashSale },
  'cashSales.void': { summary: 'Void a cash sale (reversing its journal entry)', tag: 'Cash sales', response: CashSale },

  'expenses.create': { summary: 'Create an expense (posted at once)', tag: 'Expenses', body: ExpenseCreate, response: Expense, status: 201 },
  'expenses.list': { summary: 'List expenses by business date, then number', tag: 'Expenses', query: VendorDocumentListQuery, response: pageOf(Expense) },
  'expenses.get': { summary: 'Get an expense', tag: 'Expenses', response: Expense },
  'expenses.void': { summary: 'Void an expense (reversing its journal entry)', tag: 'Expenses', response: Expense },

  'receipts.create': { summary: 'Record money received against invoices', tag: 'Receipts', body: MoneyCreate, response: MoneyDocument, status: 201, idempotent: true, otherStatuses: { 404: 'An allocated invoice does not exist in this business.' } },
  'receipts.list': { summary: 'List receipts by date, then number', tag: 'Receipts', query: MoneyListQuery, response: pageOf(MoneyDocument) },
  'receipts.get': { summary: 'Get a receipt', tag: 'Receipts', response: MoneyDocument },
  'receipts.void': { summary: 'Void a receipt, reopening its invoices', tag: 'Receipts', response: MoneyDocument },
  'payments.create': { summary: 'Record money paid against bills', tag: 'Payments', body: MoneyCreate, response: MoneyDocument, status: 201, idempotent: true, otherStatuses: { 404: 'An allocated bill does not exist in this business.' } },
  'payments.list': { summary: 'List payments by date, then number', tag: 'Payments', query: MoneyListQuery, response: pageOf(MoneyDocument) },
  'payments.get': { summary: 'Get a payment', tag: 'Payments', response: MoneyDocument },
  'payments.void': { summary: 'Void a payment, reopening its bills', tag: 'Payments', response: MoneyDocument },

  'accounts.list': { summary: 'The chart of accounts, by code', tag: 'Ledger', response: v.array(Account) },
  'journalEntries.list': { summary: 'Journal entries, optionally of one document', tag: 'Ledger', query: JournalEntryListQuery, response: pageOf(JournalEntry) },
  'trialBalance.get': { summary: 'Trial balance as of a date, per currency', tag: 'Ledger', query: TrialBalanceQuery, response: TrialBalance },
} as const satisfies Record<ContractId, Contract>;

export const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Service: 'The service index and this description.',
  Webhooks: 'Webhook events and endpoints.',
  Customers: 'People and companies the business sells to.',
  Vendors: 'People and companies the business buys from.',
  Items: 'Products and services that appear on document lines.',
  Banking: 'Cash-flow (bank and cash) accounts and their statement lines.',
  Invoices: 'Sales invoices: posted on creation, settled by receipts and credit.',
  Bills: 'Vendor bills: posted on creation, settled by payments.',
  Estimates: 'Quotes to customers; they post nothing.',
  'Sales orders': 'Orders taken from customers; they post nothing.',
  'Purchase orders': 'Orders placed with vendors; they post nothing.',
  'Credit notes': 'Credit issued to customers and applied to their invoices.',
  'Debit notes': 'Further charges to customers.',
  'Cash sales': 'Sales paid at once into a cash-flow account.',
  Expenses: 'Purchases paid at once from a cash-flow account.',
  Ledger: 'Chart of accounts, journal entries and the trial balance.',
  Receipts: 'Money received from customers, allocated to their invoices in the order given.',
  Payments: 'Money paid to vendors, allocated to their bills in the order given.',
  OAuth: 'OAuth 2.0 token and revocation endpoints (the consent screen is at /oauth/authorize).',
  'API keys': 'Keys for machine-to-machine callers, stored only as hashes.',
};
