import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { Viewer } from '../../../shared/platform/web/viewer.ts';
import { membersPage } from '../../../shared/access/pages/members.tsx';
import { refusalOf, refusalSentence } from '../../../shared/platform/http/form-refusal.ts';
import { html } from '../../../shared/platform/http/web.ts';
import { listMembers } from '../../../shared/access/members/members.ts';

/**
 * A change to a member (a role, a removal) through the API's use case; a refusal (the last owner stays, the
 * member changed meanwhile) draws the members page again, saying why above the list.
 */
export async function memberChange(viewer: Viewer, change: () => Promise<APIGatewayProxyStructuredResultV2>) {
  try {
    return await change();
  } catch (error) {
    const refused = refusalOf(error);
    const refusal = refusalSentence(refused.problems);
    return html(refused.status, membersPage({ viewer, members: await listMembers(viewer.business.id, { page: 1, pageSize: 25 }), refusal }), [], { headers: refused.headers });
  }
}
