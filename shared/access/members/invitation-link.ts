import { LINK_TOKEN } from '../../platform/links/link-secret.ts';
import { openInvitation, type OpenInvitation } from './members.ts';

/** What a link that opens nothing says: used, withdrawn, expired or never made look the same. */
export const INVITATION_CLOSED = 'This invitation link no longer works: it was used, withdrawn or has expired. Ask for a new invitation.';

/** The open invitation a link's token opens; a token of the wrong shape is refused before any read. */
export async function invitationOfLink(token: string | undefined): Promise<OpenInvitation | undefined> {
  return token && LINK_TOKEN.test(token) ? openInvitation(token) : undefined;
}
