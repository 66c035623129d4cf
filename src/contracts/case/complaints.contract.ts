import { z } from 'zod';
import { dayNumber } from '../../domain/shared/calendar';
import { EMAIL_PATTERN } from '../../domain/people/email-address';
import { LATE_NOTICE_GROUNDS } from '../../domain/complaints/former-employee';
import { Compliance } from '../../domain/workflows/builder-rules';
import { ActionType } from '../../domain/workflows/workflow-rules';
import { Id, IdParams, route } from '../route';
import { FormComponent } from './builder-schemas';

/**
 * Complaints (issue 13, docs/case.md "Complaints"): the Internal Committee, the complaint form, filing, the case and
 * its messages, meetings, steps, clocks and access log. None of these paths but those the issue names is in
 * endpoints.tsv: the committee, settings, evidence and counts calls are ours, documented here and in docs/case.md.
 */

/** Who sets up the committee: as the workflow designers (the permission's words name the Internal Committee). */
const SETUP = ['WORKSPACE_ADMIN', 'EMPLOYER'] as const;
/** Every workspace member may file and read the cases they are part of: access is decided per case on the server. */
const MEMBERS = ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'] as const;
const PER_CASE =
  'each case is checked on the server: only its parties and its committee members (not recused) see it, and a workspace admin cannot switch that on or off';

const Email = z.string().trim().toLowerCase().email({ pattern: EMAIL_PATTERN }).max(254);
export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD')
  .refine((d) => {
    try {
      dayNumber(d);
      return true;
    } catch {
      return false;
    }
  }, 'Not a calendar date');
const Text = (max: number) => z.string().trim().max(max);
const Required = (what: string, max: number) => z.string().trim().min(1, `Enter ${what}`).max(max);

export const CommitteeRole = z.enum([
  'PRESIDING_OFFICER',
  'EMPLOYEE_MEMBER',
  'EXTERNAL_MEMBER',
  'DESIGNATED_RECIPIENT',
]);
export type CommitteeRole = z.infer<typeof CommitteeRole>;
export const Gender = z.enum(['WOMAN', 'MAN', 'TRANSGENDER', 'UNDISCLOSED']);
export type Gender = z.infer<typeof Gender>;

// ---------- committees ----------

export const CommitteeMemberInput = z.strictObject({
  userId: Id,
  role: CommitteeRole,
  gender: Gender,
  senior: z.boolean().default(false),
  fromAnotherOffice: z.boolean().default(false),
});

export const CommitteeBody = z.strictObject({
  name: Required('a name', 200),
  /** null: the whole workspace; else the business unit the committee serves. */
  branchId: Id.nullable().default(null),
  termStart: IsoDate,
  termEnd: IsoDate,
  members: z.array(CommitteeMemberInput).max(50),
});
export type CommitteeBody = z.input<typeof CommitteeBody>;

export const CommitteeWarning = z.object({ code: z.string(), message: z.string() });
export const CommitteeMember = z.object({
  memberId: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: CommitteeRole,
  gender: Gender,
  senior: z.boolean(),
  fromAnotherOffice: z.boolean(),
});
export type CommitteeMember = z.infer<typeof CommitteeMember>;

export const Committee = z.object({
  committeeId: z.string(),
  name: z.string(),
  branchId: z.string().nullable(),
  branchName: z.string().nullable(),
  termStart: z.string(),
  termEnd: z.string(),
  /** INTERNAL_COMMITTEE under POSH; DESIGNATED_RECIPIENTS in a Canada workspace (CA-01). */
  kind: z.enum(['INTERNAL_COMMITTEE', 'DESIGNATED_RECIPIENTS']),
  members: z.array(CommitteeMember),
  /** Every breach of IN-02 (or CA-01) and a term about to end, computed on read. */
  warnings: z.array(CommitteeWarning),
});
export type Committee = z.infer<typeof Committee>;

export const CommitteeList = z.object({ compliance: Compliance, items: z.array(Committee) });
export type CommitteeList = z.infer<typeof CommitteeList>;

export const listCommittees = route({
  api: 'case',
  method: 'GET',
  path: '/api/committees',
  summary:
    'The Internal Committees (or designated recipients) of the workspace and its business units, with composition warnings',
  response: CommitteeList,
  access: SETUP,
  permission: 'workflows.design',
});

export const createCommittee = route({
  api: 'case',
  method: 'POST',
  path: '/api/committees',
  summary:
    'Constitute the committee of the workspace (branchId null) or of a business unit; 409 when that unit has one',
  body: CommitteeBody,
  response: Committee,
  access: SETUP,
  permission: 'workflows.design',
});

export const getCommittee = route({
  api: 'case',
  method: 'GET',
  path: '/api/committees/{id}',
  summary: 'One committee with its members and warnings',
  params: IdParams,
  response: Committee,
  access: SETUP,
  permission: 'workflows.design',
});

export const updateCommittee = route({
  api: 'case',
  method: 'PUT',
  path: '/api/committees/{id}',
  summary:
    "Change a committee's name, term or members (the whole list); members taken off lose access to its cases at once",
  params: IdParams,
  body: CommitteeBody.omit({ branchId: true }),
  response: Committee,
  access: SETUP,
  permission: 'workflows.design',
});

// ---------- settings ----------

export const ComplaintSettings = z.object({
  compliance: Compliance,
  /** Public holidays added to the jurisdiction's defaults (src/domain/shared/calendar.ts). */
  extraHolidays: z.array(z.string()),
  saturdayOff: z.boolean(),
  /** Default public holidays the workplace does not keep (taken out of the calendar). */
  removedHolidays: z.array(z.string()),
  /** The default holidays of this year and the next (the regime's and its region's), for the holidays screen. */
  defaultHolidays: z.array(z.string()),
  /** The workspace's IANA time zone (set on the main API): its dates and times are shown in it. */
  timeZone: z.string(),
  /** Its state or province (IN-KA, CA-ON) whose public holidays are among the defaults; null: national ones only. */
  regionCode: z.string().nullable(),
  /** A named witness who sits on the case's committee is recused from it (default true: POSH). */
  recuseWitnesses: z.boolean(),
});
export type ComplaintSettings = z.infer<typeof ComplaintSettings>;

export const getComplaintSettings = route({
  api: 'case',
  method: 'GET',
  path: '/api/complaint-settings',
  summary: "The workspace's regime (IN_POSH or CA_FEDERAL) and the public holidays its clocks skip",
  response: ComplaintSettings,
  access: SETUP,
  permission: 'workflows.design',
});

export const saveComplaintSettings = route({
  api: 'case',
  method: 'PUT',
  path: '/api/complaint-settings',
  summary: "Set the workspace's regime and its added public holidays",
  body: z.strictObject({
    compliance: Compliance,
    extraHolidays: z.array(IsoDate).max(200).default([]),
    saturdayOff: z.boolean().default(false),
    /** Default holidays to take out (each must be one of the defaults; 400 naming `removedHolidays.N` otherwise). */
    removedHolidays: z.array(IsoDate).max(200).default([]),
    /** Whether a named witness on the committee is recused from the case; left out: kept as it is. Turning it on recuses
     * the seated witnesses of every open case at once; turning it off recuses nobody and admits nobody. */
    recuseWitnesses: z.boolean().optional(),
  }),
  response: ComplaintSettings,
  access: SETUP,
  permission: 'workflows.design',
});

// ---------- the form and evidence ----------

export const ComplaintForm = z.object({
  workflowId: z.string(),
  workflowVersionId: z.string(),
  workflowName: z.string(),
  compliance: Compliance,
  components: z.array(FormComponent),
  /** Whether a committee will receive it (false: it is referred to the Local Committee, IN-01). */
  committeeConstituted: z.boolean(),
});
export type ComplaintForm = z.infer<typeof ComplaintForm>;

export const getComplaintForm = route({
  api: 'case',
  method: 'GET',
  path: '/api/complaint-form',
  summary: "The complaint form of the workflow published for the caller's business unit (404 when none is published)",
  response: ComplaintForm,
  access: MEMBERS,
  noPermission: PER_CASE,
});

export const EvidenceTicket = z.object({
  fileId: z.string(),
  uploadUrl: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  expiresAt: z.string(),
  maxBytes: z.number().int(),
});
export type EvidenceTicket = z.infer<typeof EvidenceTicket>;

/** A short-lived download link of a file: an evidence file of a case, or a file attached to a field of the form. */
export const DownloadLink = z.object({ downloadUrl: z.string(), fileName: z.string(), expiresAt: z.string() });
export type DownloadLink = z.infer<typeof DownloadLink>;

export const complaintFormResource = route({
  api: 'case',
  method: 'GET',
  path: '/api/complaint-form/resources/{id}',
  summary:
    'A short-lived download link of the file an admin attached to field {id} of the published complaint form the caller files through (404 for a field of another version, a field without a file, or another workspace)',
  params: IdParams,
  response: DownloadLink,
  access: MEMBERS,
  noPermission: PER_CASE,
});

export const evidenceUploadUrl = route({
  api: 'case',
  method: 'POST',
  path: '/api/complaint-evidence/upload-url',
  summary: 'An upload URL for one evidence file (any kind of file; served only as a download)',
  body: z.strictObject({ fileName: Required('a file name', 255), size: z.number().int().positive() }),
  response: EvidenceTicket,
  access: MEMBERS,
  noPermission: PER_CASE,
});

export const EvidenceFile = z.object({
  fileId: z.string(),
  fileName: z.string(),
  size: z.number(),
  contentType: z.string(),
  /** Chain of custody: SHA-256 (hex) of the file as uploaded, taken by the server as it streamed in. */
  sha256: z.string().nullable(),
});
export type EvidenceFile = z.infer<typeof EvidenceFile>;

export const confirmEvidence = route({
  api: 'case',
  method: 'POST',
  path: '/api/complaint-evidence/{id}/confirm',
  summary: 'Confirm an evidence upload (the uploader only); the file is kept as given',
  params: IdParams,
  response: EvidenceFile,
  access: MEMBERS,
  noPermission: PER_CASE,
});

// ---------- filing ----------

export const FileComplaintBody = z.strictObject({
  /** A witness may file (CA-01); the default is the complainant. */
  filedAs: z.enum(['COMPLAINANT', 'WITNESS']).default('COMPLAINANT'),
  complainant: z.strictObject({
    name: Required('the complainant’s name', 200),
    email: Email,
    gender: Gender.nullable().default(null),
    phone: Text(40).nullable().default(null),
  }),
  respondent: z
    .strictObject({
      name: Text(200).nullable().default(null),
      gender: Gender.nullable().default(null),
      phone: Text(40).nullable().default(null),
      email: Email.nullable().default(null),
      description: Text(4000).nullable().default(null),
    })
    .default({ name: null, gender: null, phone: null, email: null, description: null }),
  incident: z.strictObject({
    details: Required('what happened', 20000),
    date: IsoDate,
    witnesses: z.array(Required('a witness', 400)).max(50).default([]),
    evidenceFileIds: z.array(Id).max(50).default([]),
  }),
  /** The complaint is against the employer itself: marked for the Local Committee (IN-01). */
  againstEmployer: z.boolean().default(false),
  /**
   * IN-03 (POSH Rule 6): filed for the aggrieved woman, who cannot file herself, by the signed-in person in a capacity
   * the Rules allow (src/domain/complaints/filing.ts; any other is refused naming IN-03). The complainant's name is
   * hers; the address that receives the case's mail is the filer's own.
   */
  filedFor: z
    .strictObject({
      capacity: z.string().trim().max(40),
      reason: Text(2000),
      writtenConsent: z.boolean().default(false),
    })
    .nullable()
    .default(null),
  /**
   * CA-01: the principal party has left the employer, on this day (a Canadian notice comes within 3 months of it, or
   * later when trauma or ill health kept them from it: `lateFor` with a short `lateReason`, kept on the case).
   */
  formerEmployee: z
    .strictObject({
      leftOn: IsoDate,
      lateFor: z.enum(LATE_NOTICE_GROUNDS).nullable().default(null),
      lateReason: Text(1000).nullable().default(null),
    })
    .nullable()
    .default(null),
  /** Answers to the fields an admin added, by attribute id. */
  answers: z.record(z.string(), Text(4000)).default({}),
});
export type FileComplaintBody = z.input<typeof FileComplaintBody>;

export const ClockSchema = z.object({
  id: z.string(),
  rule: z.string(),
  label: z.string(),
  source: z.string(),
  startedOn: z.string().nullable(),
  dueOn: z.string().nullable(),
  metOn: z.string().nullable(),
  state: z.enum(['NOT_STARTED', 'RUNNING', 'DUE_SOON', 'MISSED', 'MET', 'MET_LATE']),
  daysLeft: z.number().nullable(),
});
export type ClockView = z.infer<typeof ClockSchema>;

export const CaseRoleSchema = z.enum(['COMPLAINANT', 'RESPONDENT', 'COMMITTEE']);
export const Audience = z.enum(['COMPLAINANT', 'RESPONDENT', 'COMMITTEE']);
export type AudienceValue = z.infer<typeof Audience>;
export const Outcome = z.enum(['UPHELD', 'NOT_UPHELD', 'SETTLED_BY_CONCILIATION', 'WITHDRAWN', 'REFERRED']);
export type Outcome = z.infer<typeof Outcome>;

export const ComplaintSummary = z.object({
  complaintId: z.string(),
  caseNumber: z.string(),
  status: z.enum(['OPEN', 'CLOSED']),
  /** The caller's part in it. No party's name appears in a list (UI.md). */
  role: CaseRoleSchema,
  receivedOn: z.string(),
  timeliness: z.enum(['ON_TIME', 'EXTENSION_NEEDED', 'BEYOND_EXTENSION']),
  nextStep: z.string().nullable(),
  /** The nearest clock still running (committee only). */
  nearestClock: ClockSchema.nullable(),
  outcome: Outcome.nullable(),
});
export type ComplaintSummary = z.infer<typeof ComplaintSummary>;

const Party = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  gender: z.string().nullable(),
  phone: z.string().nullable(),
});

export const CaseMessage = z.object({
  messageId: z.string(),
  audience: Audience,
  authorName: z.string(),
  fromCommittee: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
});
export type CaseMessage = z.infer<typeof CaseMessage>;

export const AttendanceStatus = z.enum(['PRESENT', 'ABSENT', 'EXCUSED']);
export type AttendanceStatus = z.infer<typeof AttendanceStatus>;

export const CaseMeeting = z.object({
  meetingId: z.string(),
  stepId: z.string().nullable(),
  title: z.string(),
  agenda: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  location: z.string(),
  guests: z.array(z.string()),
  minutes: z.string().nullable(),
  outcome: z.string().nullable(),
  /** A hearing is a meeting of a MEETING step: its attendance and the quorum its minutes need (IN-06). */
  hearing: z.boolean(),
  /** Who attended, as the committee recorded it after the meeting (the committee's record: null for a party). */
  attendance: z
    .object({
      members: z.array(z.object({ userId: z.string(), name: z.string(), status: AttendanceStatus })),
      complainant: AttendanceStatus.nullable(),
      respondent: AttendanceStatus.nullable(),
      recordedAt: z.string(),
      /** IN-06: the quorum of 3 members including the presiding officer; `problem` says what is missing. */
      quorum: z.object({ met: z.boolean(), present: z.number().int(), problem: z.string().nullable() }),
    })
    .nullable(),
  /** The minutes signed (by the one presiding): they no longer change. */
  minutesSigned: z.object({ at: z.string(), byName: z.string() }).nullable(),
});
export type CaseMeeting = z.infer<typeof CaseMeeting>;

export const CaseStep = z.object({
  stepId: z.string(),
  position: z.number().int(),
  kind: z.enum(['MEETING', 'ACTION']),
  name: z.string(),
  description: z.string(),
  actionTypes: z.array(z.string()),
  party: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type CaseStep = z.infer<typeof CaseStep>;

export const ComplaintDetail = ComplaintSummary.extend({
  workflowName: z.string(),
  workflowVersionId: z.string(),
  compliance: Compliance,
  filedAs: z.enum(['COMPLAINANT', 'WITNESS']),
  /** The respondent sees neither the complainant's contact details nor the committee's internal thread. */
  complainant: Party.nullable(),
  respondent: Party.extend({ description: z.string().nullable() }).nullable(),
  /** A field the form does not let the caller see (docs/case.md "Field visibility") is null (witnesses: empty). */
  incident: z
    .object({ details: z.string().nullable(), date: z.string().nullable(), witnesses: z.array(z.string()) })
    .nullable(),
  evidence: z.array(EvidenceFile),
  answers: z.record(z.string(), z.string()),
  againstEmployer: z.boolean(),
  /** IN-01: where the complaint goes when there is no committee, or it is against the employer. */
  referral: z.enum(['LOCAL_COMMITTEE']).nullable(),
  lateFiling: z
    .object({
      dueOn: z.string(),
      extendableTo: z.string(),
      /** IN-03: the committee's extension with its written reasons; null until granted. */
      extension: z.object({ reasons: z.string(), on: z.string(), byName: z.string() }).nullable().optional(),
    })
    .nullable(),
  /**
   * CA-01: a former employee's notice, with the extension it relied on past the 3 months (trauma or health, and why);
   * the designated recipients and the principal party see it, the responding party never.
   */
  formerEmployee: z
    .object({
      leftOn: z.string(),
      lateFor: z.enum(LATE_NOTICE_GROUNDS).nullable(),
      lateReason: z.string().nullable(),
    })
    .nullable()
    .optional(),
  /** IN-03: filed for her by someone the Rules allow (the committee and the filer see it). */
  filedFor: z
    .object({ capacity: z.string(), reason: z.string(), writtenConsent: z.boolean(), filerName: z.string() })
    .nullable()
    .optional(),
  committee: z
    .object({
      name: z.string(),
      members: z.array(
        z.object({
          userId: z.string(),
          name: z.string(),
          role: CommitteeRole,
          /** Does not read the case: recused, or waiting to be admitted (then `awaitingAdmission` too). */
          recused: z.boolean(),
          /** Joined the committee after the case was filed and waits for the one presiding to admit them. */
          awaitingAdmission: z.boolean(),
        }),
      ),
      presiding: z.object({ userId: z.string(), name: z.string(), substitute: z.boolean() }).nullable(),
      quorumPossible: z.boolean(),
    })
    .nullable(),
  steps: z.array(CaseStep),
  messages: z.array(CaseMessage),
  meetings: z.array(CaseMeeting),
  clocks: z.array(ClockSchema),
  outcomeSummary: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** The caller presides over the case (reads the access log, denies access). */
  callerPresides: z.boolean(),
  /** Recorded on the complainant's behalf and not confirmed by them yet: no clocks, no steps until they do. */
  confirmationPending: z.boolean().optional(),
  /** The workspace's time zone and the locale of its country (src/domain/shared/date-time.ts): every date and time of
   * the case is shown in them, and a time typed on the case (a meeting's) is a time of that zone. */
  dateTime: z.object({ zone: z.string(), locale: z.string() }).optional(),
  /** Hearings (docs/case.md "Hearings: attendance, quorum, ex parte"), for the committee of a POSH case: the decisions to
   * proceed ex parte (IN-06), what fails IN-02 in the committee's composition and the presiding officer's override. */
  natural: z
    .object({
      exParte: z.array(
        z.object({
          party: z.enum(['COMPLAINANT', 'RESPONDENT']),
          reasons: z.string(),
          at: z.string(),
          byName: z.string(),
        }),
      ),
      compositionProblems: z.array(z.string()),
      compositionOverride: z.object({ reasons: z.string(), at: z.string(), byName: z.string() }).nullable(),
    })
    .optional(),
  /** Due process (docs/case.md "Due process in the case runtime"): for the committee, the steps waiting for a mandatory step,
   * the mandatory steps still open, the presiding officer's override of them on closing; for everyone, the appeal (IN-10) of a
   * closed POSH case, from the recommendations to its last day. */
  dueProcess: z
    .object({
      waitsFor: z.array(z.object({ stepId: z.string(), names: z.array(z.string()) })),
      mandatoryOpen: z.array(z.string()),
      closeOverride: z.object({ reasons: z.string(), at: z.string(), byName: z.string() }).nullable(),
      appeal: z.object({ from: z.string(), deadline: z.string() }).nullable(),
    })
    .optional(),
  /** IN-05, for the respondent of a POSH case once the copy reached them: the day their reply is due (10 working days of
   * the copy, POSH Rule 7(3)) and the day it was recorded, by them ("Send my reply") or by the committee. */
  ownReply: z.object({ dueOn: z.string().nullable(), repliedOn: z.string().nullable() }).nullable().optional(),
  /** The daily case job's escalations of this case (docs/case.md "The daily case job"), for its committee; [] for a party. */
  escalations: z
    .array(
      z.object({
        type: z.enum(['STEP_OVERDUE', 'STATUTORY_CLOCK']),
        label: z.string(),
        level: z.number().int(),
        dueOn: z.string(),
        escalatedOn: z.string(),
        targetName: z.string().nullable(),
      }),
    )
    .optional(),
});
export type ComplaintDetail = z.infer<typeof ComplaintDetail>;

export const fileComplaint = route({
  api: 'case',
  method: 'POST',
  path: '/api/complaints',
  summary:
    'File a complaint through the published complaint form: a case number, a receipt mail; late filing (IN-03) flagged',
  body: FileComplaintBody,
  response: ComplaintDetail,
  access: MEMBERS,
  noPermission: PER_CASE,
});

export const listComplaints = route({
  api: 'case',
  method: 'GET',
  path: '/api/complaints',
  summary: "The caller's own complaints, the cases they answer to, and their committee's cases (not recused); no names",
  response: z.object({ items: z.array(ComplaintSummary) }),
  access: MEMBERS,
  noPermission: PER_CASE,
});

export const CommitteeSeat = z.object({
  member: z.boolean(),
  /** The case numbers the caller joined the committee too late to read, until the one presiding admits them. */
  awaitingAdmission: z.array(z.string()),
});
export type CommitteeSeat = z.infer<typeof CommitteeSeat>;

export const committeeSeat = route({
  api: 'case',
  method: 'GET',
  path: '/api/committee-seat',
  summary:
    "Whether the caller sits on an Internal Committee (or is a designated recipient) of the workspace: the complaints page offers them 'Record a complaint for someone' before any case is assigned to them",
  response: CommitteeSeat,
  access: MEMBERS,
  noPermission: PER_CASE,
});

export const getComplaint = route({
  api: 'case',
  method: 'GET',
  path: '/api/complaints/{id}',
  summary: 'A case, as far as the caller may see it (404 for anyone who is not a party or an assigned member)',
  params: IdParams,
  response: ComplaintDetail,
  access: MEMBERS,
  noPermission: PER_CASE,
});

export const postComplaintMessage = route({
  api: 'case',
  method: 'POST',
  path: '/api/complaints/{id}/messages',
  summary: 'A message to a thread: COMPLAINANT, RESPONDENT or COMMITTEE (internal); a party writes in their own thread',
  params: IdParams,
  body: z.strictObject({ audience: Audience, body: Required('a message', 10000) }),
  response: CaseMessage,
  access: MEMBERS,
  noPermission: PER_CASE,
});

/** Guests picked and typed together (either list may be missing or malformed when other fields failed). */
const guestCount = (m: { guests?: unknown; people?: unknown }) =>
  (Array.isArray(m.guests) ? m.guests.length : 0) + (Array.isArray(m.people) ? m.people.length : 0);

export const MeetingBody = z
  .strictObject({
    title: Required('a title', 200),
    agenda: Required('an agenda', 4000),
    startsAt: z.string().datetime({ offset: true, message: 'Enter the start as a date and time' }),
    endsAt: z.string().datetime({ offset: true, message: 'Enter the end as a date and time' }),
    location: Required('a place or a meeting link', 500),
    /** Addresses typed: people outside the workspace's directory (an outside member, a witness from elsewhere). */
    guests: z.array(Email).max(50).default([]),
    /** People picked from the workspace's directory, by id: the server reads their addresses (a stranger's id is refused). */
    people: z.array(Id).max(50).default([]),
    stepId: Id.nullable().default(null),
  })
  .refine((m) => new Date(m.endsAt).getTime() > new Date(m.startsAt).getTime(), {
    message: 'The meeting ends after it starts',
    path: ['endsAt'],
  })
  // Named beside the other fields' errors (`when`), so a form learns every missing field at once.
  .refine((m) => guestCount(m) > 0, { message: 'Invite at least one guest', path: ['guests'], when: () => true })
  .refine((m) => guestCount(m) <= 50, { message: 'Invite at most 50 guests', path: ['guests'], when: () => true });
export type MeetingBody = z.input<typeof MeetingBody>;

export const scheduleMeeting = route({
  api: 'case',
  method: 'POST',
  path: '/api/complaints/{id}/meetings',
  summary:
    'Schedule a meeting (committee only); every guest (people picked from the workspace by id, outside addresses typed) is mailed an .ics invitation; a picked person not of the workspace answers 400',
  params: IdParams,
  body: MeetingBody,
  response: CaseMeeting,
  access: MEMBERS,
  noPermission: PER_CASE,
});

export const recordMeeting = route({
  api: 'case',
  method: 'PUT',
  path: '/api/complaints/{id}/meetings/{meetingId}',
  summary: "Record a meeting's minutes and outcome (committee only)",
  params: z.strictObject({ id: Id, meetingId: Id }),
  body: z
    .strictObject({ minutes: Text(20000).optional(), outcome: Text(4000).optional() })
    .refine((b) => b.minutes !== undefined || b.outcome !== undefined, {
      message: 'Give the minutes or the outcome',
      path: ['minutes'],
    }),
  response: CaseMeeting,
  access: MEMBERS,
  noPermission: PER_CASE,
});

export const completeStep = route({
  api: 'case',
  method: 'POST',
  path: '/api/complaints/{id}/steps/{stepId}/complete',
  summary: "Complete a step of the case's workflow version (committee only); an action step sends its mails",
  params: z.strictObject({ id: Id, stepId: Id }),
  /**
   * Optional for a step that sends no mail. An action step that mails names in `confirmedRecipients` every address
   * `stepRecipients` showed the member; a step whose recipients differ (someone was added or left) answers 409 and the
   * member reviews them again (docs/case.md "Who receives case content").
   */
  body: z
    .strictObject({
      note: Text(4000).default(''),
      confirmedRecipients: z.array(z.string().trim().toLowerCase().max(254)).max(500).optional(),
    })
    .nullish(),
  response: ComplaintDetail,
  access: MEMBERS,
  noPermission: PER_CASE,
});

export const StepRecipient = z.object({
  email: z.string(),
  name: z.string(),
  kind: z.enum(['RESPONDENT', 'EMPLOYER']),
});
export type StepRecipient = z.infer<typeof StepRecipient>;
export const StepMail = z.object({
  actionType: ActionType,
  subject: z.string(),
  /** true: the mail carries a copy of the complaint (the incident and the witnesses). */
  complaintCopy: z.boolean(),
  recipients: z.array(StepRecipient),
});
export type StepMail = z.infer<typeof StepMail>;
export const StepRecipients = z.object({
  stepId: z.string(),
  mails: z.array(StepMail),
  /** Why the step cannot be completed now (no respondent address, no employer), else null. */
  problem: z.string().nullable(),
});
export type StepRecipients = z.infer<typeof StepRecipients>;

export const stepRecipients = route({
  api: 'case',
  method: 'GET',
  path: '/api/complaints/{id}/steps/{stepId}/recipients',
  summary:
    'Who the mails of an action step would go to, and whether they carry the complaint: shown before the member completes it (committee only; ours)',
  params: z.strictObject({ id: Id, stepId: Id }),
  response: StepRecipients,
  access: MEMBERS,
  noPermission: PER_CASE,
});

export const closeComplaint = route({
  api: 'case',
  method: 'POST',
  path: '/api/complaints/{id}/close',
  summary: 'Close the case with its outcome (committee only); the parties are told; the appeal window (IN-10) starts',
  params: IdParams,
  body: z.strictObject({
    outcome: Outcome,
    summary: Required('a summary of the outcome', 4000),
    /** Closing with a mandatory step open: the presiding officer's written reasons (recorded in the case). */
    override: z
      .strictObject({ reasons: Required('the reasons for closing with a mandatory step open', 4000) })
      .optional(),
  }),
  response: ComplaintDetail,
  access: MEMBERS,
  noPermission: PER_CASE,
});

export const Deadlines = z.object({ compliance: Compliance, today: z.string(), clocks: z.array(ClockSchema) });
export type Deadlines = z.infer<typeof Deadlines>;

export const complaintDeadlines = route({
  api: 'case',
  method: 'GET',
  path: '/api/complaints/{id}/deadlines',
  summary: "The case's statutory clocks with days left, over the workspace's working-day calendar (committee only)",
  params: IdParams,
  response: Deadlines,
  access: MEMBERS,
  noPermission: PER_CASE,
});

export const AuditEntry = z.object({
  at: z.string(),
  actorName: z.string(),
  action: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const complaintAudit = route({
  api: 'case',
  method: 'GET',
  path: '/api/complaints/{id}/audit',
  summary: 'Every read, change and download of the case (the one presiding only)',
  params: IdParams,
  response: z.object({ items: z.array(AuditEntry) }),
  access: MEMBERS,
  noPermission: PER_CASE,
});

/** Whether the case's access log still hashes to its chain (docs/case.md "The access log's hash chain"). */
export const AuditVerdict = z.object({
  ok: z.boolean(),
  /** The case chain's last hash (hex), null for a case with no event. */
  head: z.string().nullable(),
  entries: z.number().int(),
  /** The first entry that does not hold, and why. */
  brokenAt: z
    .object({
      seq: z.number().int(),
      at: z.string().nullable(),
      action: z.string().nullable(),
      problem: z.enum([
        'UNREADABLE',
        'OUT_OF_PLACE',
        'OTHER_CASE',
        'BROKEN_LINK',
        'CHANGED',
        'DETAILS_CHANGED',
        'HEAD_MISMATCH',
        'REDACTION_UNLISTED',
      ]),
    })
    .nullable(),
  /** The workspace's chain of list reads ("Complaints listed"), one for all cases. */
  listReads: z.object({
    ok: z.boolean(),
    head: z.string().nullable(),
    entries: z.number().int(),
    brokenAt: z.number().int().nullable(),
  }),
});
export type AuditVerdict = z.infer<typeof AuditVerdict>;

export const verifyComplaintAudit = route({
  api: 'case',
  method: 'GET',
  path: '/api/complaints/{id}/audit/verify',
  summary:
    "Recomputes the case access log's hash chain (and the workspace's list reads') from the database: whether it holds, and its head hash (committee of the case only; logged)",
  params: IdParams,
  response: AuditVerdict,
  access: MEMBERS,
  noPermission: PER_CASE,
});

export const recuse = route({
  api: 'case',
  method: 'POST',
  path: '/api/complaints/{id}/recuse',
  summary: 'A committee member recuses themselves from the case: their access ends at once',
  params: IdParams,
  body: z.strictObject({ note: Text(2000).default('') }).nullish(),
  response: z.object({ ok: z.literal(true) }),
  access: MEMBERS,
  noPermission: PER_CASE,
});

export const downloadEvidence = route({
  api: 'case',
  method: 'GET',
  path: '/api/complaints/{id}/evidence/{fileId}',
  summary: 'A short-lived download link of one evidence file of the case (parties who filed it and the committee)',
  params: z.strictObject({ id: Id, fileId: Id }),
  response: DownloadLink,
  access: MEMBERS,
  noPermission: PER_CASE,
});

// ---------- counts ----------

export const ComplaintCounts = z.object({
  total: z.number().int(),
  open: z.number().int(),
  closed: z.number().int(),
  lateFilings: z.number().int(),
  pendingOver90Days: z.number().int(),
  /** For each clock, how many open cases have it in each state: clocks without a case attached. */
  clocks: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      running: z.number().int(),
      dueSoon: z.number().int(),
      missed: z.number().int(),
      /** Met on time, and met after the due day (the reply recorded late, IN-05). */
      met: z.number().int().optional(),
      metLate: z.number().int().optional(),
    }),
  ),
  /** Open cases with a missed clock, and open cases escalated by the daily case job (levels 1 and 2): counts only. */
  casesWithMissedClock: z.number().int().optional(),
  escalatedCases: z.number().int().optional(),
  escalatedCasesLevel2: z.number().int().optional(),
  /** Closed cases purged under the retention rules (counted in total and closed too). */
  purged: z.number().int().optional(),
});
export type ComplaintCounts = z.infer<typeof ComplaintCounts>;

/** A count of cases, or null when hidden (src/domain/complaints/small-counts.ts: under 3, or one that would give such a count away). */
const HiddenCount = z.number().int().nullable();

/**
 * Open cases by the stage of the process they are at (the stage of their next step), with the cases whose clocks are
 * due soon or missed: counts only, workspace-wide, small counts hidden (docs/case.md "Counts by stage").
 */
export const ComplaintStageCounts = z.object({
  /** The workspace's day the clocks are of. */
  asOf: z.string(),
  /** Counts under this are sent as null. */
  smallestShown: z.number().int(),
  /** Open cases (as `complaint-counts` gives them to the same people). */
  open: z.number().int(),
  stages: z.array(
    z.object({
      /** The stage's name in the case's process; `NO_STAGE` (a step outside any stage), `STEPS_DONE` and `AWAITING_CONFIRMATION` name no stage of the process. */
      name: z.string(),
      kind: z.enum(['STAGE', 'NO_STAGE', 'STEPS_DONE', 'AWAITING_CONFIRMATION']),
      open: HiddenCount,
      /** Cases with a clock due within 7 days and none missed. */
      dueSoon: HiddenCount,
      /** Cases with a missed clock. */
      missed: HiddenCount,
    }),
  ),
});
export type ComplaintStageCounts = z.infer<typeof ComplaintStageCounts>;

export const complaintStageCounts = route({
  api: 'case',
  method: 'GET',
  path: '/api/complaint-stage-counts',
  summary:
    'Open cases by stage, with clocks due soon or missed: counts only, workspace-wide, counts under 3 hidden (admins and employers; recorded in the workspace log)',
  response: ComplaintStageCounts,
  access: ['WORKSPACE_ADMIN', 'EMPLOYER'],
  permission: 'workflows.design',
});

/**
 * Whether the workspace can take a complaint and route it to an Internal Committee (docs/case.md "Statutory
 * processes"): the admin's home warns when it cannot. Counts only.
 */
export const ComplaintReadiness = z.object({
  /** A complaint process is published (the form "Raise a concern" loads). */
  processPublished: z.boolean(),
  /** A workspace-wide Internal Committee (in Canada: designated recipients) is constituted. */
  committeeConstituted: z.boolean(),
  compliance: Compliance,
  /** Open cases no committee hears (filed while none was constituted, or against the employer): referred outside. */
  casesWithoutCommittee: z.number().int(),
});
export type ComplaintReadiness = z.infer<typeof ComplaintReadiness>;

export const complaintReadiness = route({
  api: 'case',
  method: 'GET',
  path: '/api/complaint-readiness',
  summary:
    'Whether a complaint process is published and an Internal Committee constituted, and how many open cases no committee hears (admins and employers)',
  response: ComplaintReadiness,
  access: ['WORKSPACE_ADMIN', 'EMPLOYER'],
  permission: 'workflows.design',
});

export const complaintCounts = route({
  api: 'case',
  method: 'GET',
  path: '/api/complaint-counts',
  summary: 'Counts and clocks of the workspace’s cases, never names, contents or case ids (admins and employers)',
  response: ComplaintCounts,
  access: ['WORKSPACE_ADMIN', 'EMPLOYER'],
  permission: 'workflows.design',
});
