import { PARTY_FIELDS } from '../../../shared/parties/pages/record-specs.ts';
import { noticeOf, type Side } from '../../../shared/sales/index.ts';
import { parties } from '../../../shared/parties/parties.ts';
import { PartyCreate, PartyPatch } from '../../../shared/parties/schemas.ts';
import type { RecordPages } from '../../../shared/access/index.ts';
import { RecordFiles, recordFilesFor } from '../../../shared/attachments/index.ts';
import { partyCreditSection } from '../../../shared/cash/index.ts';

/** Customers' and vendors' forms: the same fields, each side's own use cases (the API's). */
export const partyRecordPages = (side: Side): RecordPages<typeof PartyCreate, typeof PartyPatch> => ({
  noun: side.partyLabel.toLowerCase(),
  base: side.partyBase,
  fields: { create: PARTY_FIELDS, edit: PARTY_FIELDS },
  schemas: { create: PartyCreate, edit: PartyPatch },
  load: (businessId, id) => parties(side.party).get(businessId, id),
  auditType: side.party,
  sections: async (viewer, id) => {
    const [files, credit] = await Promise.all([recordFilesFor(viewer, side.party, id), partyCreditSection(side.party, viewer.business.id, id)]);
    return [credit, files ? RecordFiles({ viewer, view: files }) : null];
  },
  noticeOf,
  create: (businessId, body) => parties(side.party).create(businessId, body),
  update: (businessId, id, body) => parties(side.party).update(businessId, id, body),
});
