import { documentPdf } from '../../../shared/sales/document-pdf.ts';
import { facturXPdf } from '../../../shared/sales/factur-x-pdf.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { pdf } from '../../../shared/platform/http/responses.ts';
import { invoicesRoutes } from './routes.ts';

// An invoice's PDF carries its public link (published by the same call); a Factur-X one carries its CII too.
export const handler = defineHandler(invoicesRoutes.pdf, async ({ businessId, id, query }) =>
  query.profile === 'factur-x' ? pdf('An invoice as a Factur-X PDF', await facturXPdf(businessId, id)) : pdf('An invoice as a PDF', await documentPdf('invoice', businessId, id)),
);
