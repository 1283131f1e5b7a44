import * as v from 'valibot';
import type { RouteId } from '../../functions/routes.ts';
import { BankAccount, BankAccountCreate, BankAccountListQuery } from '../banking/schemas.ts';
import { Item, ItemCreate, ItemListQuery, ItemPatch } from '../items/schemas.ts';
import { Party, PartyCreate, PartyListQuery, PartyPatch } from '../parties/schemas.ts';
import { EventDescriptor, OpenApiDocument, ServiceIndex } from '../service/schemas.ts';
import type { Contract } from './contract.ts';
import { pageOf } from './fields.ts';

/** Every route but the `$default` catch-all has a contract. */
export type ContractId = Exclude<RouteId, 'fallback'>;

/** The schemas of every route, keyed by route id: validation, handler types and OpenAPI all read this. */
export const contracts = {
  'index.get': { summary: 'Service index with the webhook event catalogue', tag: 'Service', response: ServiceIndex },
  'openapi.get': { summary: 'This OpenAPI description', tag: 'Service', response: OpenApiDocument },
  'webhookEvents.list': { summary: 'Live webhook event catalogue', tag: 'Webhooks', response: v.array(EventDescriptor) },

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
} as const satisfies Record<ContractId, Contract>;

export const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Service: 'The service index and this description.',
  Webhooks: 'Webhook events and endpoints.',
  Customers: 'People and companies the business sells to.',
  Vendors: 'People and companies the business buys from.',
  Items: 'Products and services that appear on document lines.',
  Banking: 'Cash-flow (bank and cash) accounts and their statement lines.',
};
