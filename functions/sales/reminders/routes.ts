import { defineRoutes } from '../../../shared/platform/http/route.ts';
import { Reminder, ReminderPolicy, ReminderPolicyInput } from '../../../shared/sales/reminders/schemas.ts';

/**
 * This feature's rows of the route table, each with the contract its handler validates and answers by: the
 * collections policy, and a reminder sent by hand (kept here rather than with customers, so that the customers
 * handlers bundle none of the reminder schemas).
 */
export const remindersRoutes = defineRoutes({
  policyGet: { id: 'reminders.policyGet', method: 'GET', path: '/api/v1/settings/reminders', entry: 'functions/sales/reminders/policy-get.ts', auth: 'bearer', scope: 'settings_reminders:manage', contract: { summary: "Get the business's collections reminder policy", tag: 'Reminders', response: ReminderPolicy } },
  policyPut: { id: 'reminders.policyPut', method: 'PUT', path: '/api/v1/settings/reminders', entry: 'functions/sales/reminders/policy-put.ts', auth: 'bearer', scope: 'settings_reminders:manage', contract: { summary: 'Set the collections reminder policy: on or off, and the days after the due date a reminder goes out', tag: 'Reminders', body: ReminderPolicyInput, response: ReminderPolicy } },
  sendNow: { id: 'reminders.sendNow', method: 'POST', path: '/api/v1/customers/{id}/reminders', entry: 'functions/sales/reminders/send-now.ts', auth: 'bearer', scope: 'sales_invoices:update', contract: { summary: "Send a collections reminder now for the customer's overdue invoices (needs sales_customers:read too: the answer carries the customer; at most once an hour per customer)", tag: 'Reminders', response: Reminder, status: 201, otherStatuses: { '409': 'Nothing of the customer is overdue (conflict).', '429': 'The customer was reminded by hand within the hour (Retry-After says when the next may go).' } } },
});
