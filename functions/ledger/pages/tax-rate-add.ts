import { bodyOf, typedOf } from '../../../shared/platform/web/record-form-rules.ts';
import { TAX_RATE_FIELDS } from '../../../shared/ledger/pages/record-fields.ts';
import { taxRatesPage } from '../../../shared/ledger/pages/tax-rates.tsx';
import { defineDashboardPage } from '../../../shared/access/index.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { html, redirect } from '../../../shared/platform/http/web.ts';
import { TaxRateCreate } from '../../../shared/ledger/tax/schemas.ts';
import { createTaxRate, listTaxRates } from '../../../shared/ledger/tax/tax-rates.ts';
import { refusalOf } from '../../../shared/platform/http/form-refusal.ts';
import { ledgerPageRoutes as rows } from './routes.ts';

/** A new rate through the API's schema and use case; a refused one comes back on the page as typed, every problem at once. */
export const handler = defineDashboardPage(rows.addTaxRate, async ({ viewer, form }) => {
  const typed = typedOf(form, TAX_RATE_FIELDS);
  try {
    await createTaxRate(viewer.business.id, parseInput(TaxRateCreate, bodyOf(TAX_RATE_FIELDS, typed, 'create'), 'form'));
    return redirect('/dashboard/settings/tax-rates?notice=tax_rate_added');
  } catch (error) {
    const refused = refusalOf(error);
    return html(refused.status, taxRatesPage({ viewer, rates: (await listTaxRates(viewer.business.id, true)).items, entry: { typed, problems: refused.problems } }));
  }
});
