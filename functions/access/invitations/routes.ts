import { defineRoutes } from '../../../shared/platform/http/route.ts';

/** The page an invitation's link opens, and its form: a browser flow before any session, like the sign-in. */
export const invitationsRoutes = defineRoutes({
  page: { id: 'invitations.page', method: 'GET', path: '/invitations/{token}', entry: 'functions/access/invitations/page.ts', auth: 'browser', scope: null },
  accept: { id: 'invitations.accept', method: 'POST', path: '/invitations/{token}', entry: 'functions/access/invitations/accept.ts', auth: 'browser', scope: null },
});
