import { z } from 'zod';
import { Id, route } from '../route';
import { AttendanceStatus, ComplaintDetail } from './complaints.contract';

/**
 * Hearings under POSH Rule 7 (docs/case.md "Hearings: attendance, quorum, ex parte"): the committee records who
 * attended a meeting and the one presiding signs its minutes, which a hearing's quorum allows (IN-06). Our paths (not
 * in endpoints.tsv), documented here and so in the case API's OpenAPI document.
 */

const MEMBERS = ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'] as const;
const COMMITTEE_ONLY =
  'each case is checked on the server: only its committee members (not recused) record a hearing, and a workspace admin cannot switch that on or off';
const MeetingParams = z.strictObject({ id: Id, meetingId: Id });

export const AttendanceBody = z.strictObject({
  members: z
    .array(z.strictObject({ userId: Id, status: AttendanceStatus }))
    .min(1, 'Record at least one member')
    .max(50),
  complainant: AttendanceStatus.nullable(),
  respondent: AttendanceStatus.nullable(),
});
export type AttendanceBody = z.infer<typeof AttendanceBody>;

export const recordAttendance = route({
  api: 'case',
  method: 'PUT',
  path: '/api/complaints/{id}/meetings/{meetingId}/attendance',
  summary:
    "Record who attended a meeting once it has begun: each member of the case's committee, the complainant and the respondent, present, absent or excused (the case's committee members not recused only; not once its minutes are signed). Recorded in the case's access log",
  params: MeetingParams,
  body: AttendanceBody,
  response: ComplaintDetail,
  access: MEMBERS,
  noPermission: COMMITTEE_ONLY,
});

export const signMinutes = route({
  api: 'case',
  method: 'POST',
  path: '/api/complaints/{id}/meetings/{meetingId}/sign',
  summary:
    "Sign a meeting's minutes (the member presiding over the case only). A POSH hearing's minutes need its attendance recorded and a quorum of 3 members present including the presiding officer (IN-06): 409 otherwise. Signed minutes no longer change",
  params: MeetingParams,
  response: ComplaintDetail,
  access: MEMBERS,
  noPermission: COMMITTEE_ONLY,
});

const Reasons = z
  .string()
  .trim()
  .min(10, 'Give the reasons in writing (at least 10 characters)')
  .max(4000, 'At most 4,000 characters');

export const ExParteBody = z.strictObject({ party: z.enum(['COMPLAINANT', 'RESPONDENT']), reasons: Reasons });
export type ExParteBody = z.infer<typeof ExParteBody>;

export const proceedExParte = route({
  api: 'case',
  method: 'POST',
  path: '/api/complaints/{id}/ex-parte',
  summary:
    "Proceed ex parte against a party (the member presiding over a POSH case only), with written reasons: only after 3 consecutive recorded absences of that party from hearings and 15 days' notice from the first of them (IN-06, IN-17); 409 naming what is missing otherwise. Recorded in the case's access log",
  params: z.strictObject({ id: Id }),
  body: ExParteBody,
  response: ComplaintDetail,
  access: MEMBERS,
  noPermission: COMMITTEE_ONLY,
});

export const CompositionOverrideBody = z.strictObject({ reasons: Reasons });
export type CompositionOverrideBody = z.infer<typeof CompositionOverrideBody>;

export const overrideComposition = route({
  api: 'case',
  method: 'POST',
  path: '/api/complaints/{id}/composition-override',
  summary:
    "Proceed with a committee whose composition fails IN-02 (the member presiding over a POSH case only), with written reasons: until then completing a step or setting a hearing answers 409 naming IN-02. Recorded in the case's access log",
  params: z.strictObject({ id: Id }),
  body: CompositionOverrideBody,
  response: ComplaintDetail,
  access: MEMBERS,
  noPermission: COMMITTEE_ONLY,
});
