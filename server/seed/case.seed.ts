import { meetingForm } from '../../src/domain/workflows/workflow-rules';
import { CommitteeBody, FileComplaintBody, MeetingBody } from '../../src/contracts/case/complaints.contract';
import { CommitteeService } from '../case/complaints/committees.service';
import { MembershipService } from '../case/complaints/membership.service';
import { ComplaintService, type Actor } from '../case/complaints/complaints.service';
import { DecisionService } from '../case/complaints/decisions.service';
import { MeetingService } from '../case/complaints/meetings.service';
import { FilingService } from '../case/complaints/filing.service';
import { provisionStatutoryProcess } from '../case/workflows/statutory-process';
import { WorkflowService } from '../case/workflows/workflows.service';
import type { Database } from '../platform/db/database';
import { answer } from '../platform/refusal';
import { OutboxMessages } from '../platform/messages';
import type { DemoWorkspace } from './demo.seed';
import { systemClock } from '../platform/clock';

/**
 * The demo's complaint story (README "Demo accounts"). Each workspace declares its jurisdiction and gets the statutory
 * process published as version 1, as every workspace the platform admin creates does
 * (server/case/workflows/statutory-process.ts). Everything else goes through the services the API calls use.
 *
 * Acme (India): an Internal Committee meeting IN-02 (a senior woman presiding, two employee members, an external
 * member, three of four women), a draft version 2 of its POSH process, and three cases filed by seeded employees: a new
 * one, one in inquiry (the respondent given the copy, a hearing scheduled) and one closed inside its appeal window.
 * Only the committee opens them; the admin sees counts. `employee@acme.test` has filed nothing.
 */
export const ACME_COMMITTEE = {
  presiding: 'priya.rao1@acme.test',
  members: ['rohan.patel2@acme.test', 'meera.bose5@acme.test'],
  external: 'kavya.iyer7@acme.test',
} as const;

/** Globex (Canada, federal): its designated recipient, a demo account of its own. */
export const GLOBEX_RECIPIENT = 'recipient@globex.test';

async function declare(db: Database, ws: DemoWorkspace, jurisdictionCode: string): Promise<void> {
  await db.tenant(ws.id, (tx) =>
    tx.query(
      `INSERT INTO workspace_jurisdictions (workspace_id, jurisdiction_id, declared_by) SELECT $1, id, $2 FROM jurisdictions WHERE code = $3`,
      [ws.id, ws.adminId || null, jurisdictionCode],
    ),
  );
}

async function people(
  db: Database,
  ws: DemoWorkspace,
  emails: string[],
): Promise<Map<string, { id: string; name: string; email: string }>> {
  const rows = await db.tenant(ws.id, (tx) =>
    tx.query<{ id: string; email: string; name: string }>(
      `SELECT id, email, trim(first_name || ' ' || last_name) AS name FROM users WHERE workspace_id = $1 AND email = ANY($2::text[])`,
      [ws.id, emails],
    ),
  );
  const found = new Map(rows.map((r) => [r.email, r]));
  for (const email of emails) if (!found.has(email)) throw new Error(`the demo seed has no ${email}`);
  return found;
}

const dayOffset = (days: number) =>
  new Date(systemClock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);

export async function seedCase(db: Database, acme: DemoWorkspace, globex: DemoWorkspace): Promise<void> {
  await declare(db, acme, 'IN');
  await declare(db, globex, 'CA-FED');
  const acmeProcess = await provisionStatutoryProcess(db, acme.id);
  await provisionStatutoryProcess(db, globex.id);

  const mail = new OutboxMessages(db);
  const committees = new CommitteeService(db, new MembershipService(db, mail));
  const complaints = new ComplaintService(db, mail, undefined);
  const decisions = new DecisionService(db, mail, complaints);
  const meetings = new MeetingService(db, mail, complaints);
  const filing = new FilingService(db, mail, complaints);
  const termStart = dayOffset(-200);
  const termEnd = dayOffset(3 * 365 - 200);

  // ---- Acme: the Internal Committee (IN-02), constituted by the admin.
  const complainants = ['isha.reddy9@acme.test', 'divya.gupta11@acme.test', 'ananya.das3@acme.test'];
  const respondents = ['vikram.nair4@acme.test', 'arjun.singh6@acme.test', 'siddharth.menon8@acme.test'];
  const acmePeople = await people(db, acme, [
    ACME_COMMITTEE.presiding,
    ...ACME_COMMITTEE.members,
    ACME_COMMITTEE.external,
    ...complainants,
    ...respondents,
  ]);
  const id = (email: string) => acmePeople.get(email)!.id;
  await committees.create(
    { ws: acme.id, userId: acme.adminId, ip: null, role: 'WORKSPACE_ADMIN', workspaceName: 'Acme', setsUp: true },
    CommitteeBody.parse({
      name: 'Acme Internal Committee',
      branchId: null,
      termStart,
      termEnd,
      members: [
        { userId: id(ACME_COMMITTEE.presiding), role: 'PRESIDING_OFFICER', gender: 'WOMAN', senior: true },
        { userId: id(ACME_COMMITTEE.members[0]), role: 'EMPLOYEE_MEMBER', gender: 'MAN' },
        { userId: id(ACME_COMMITTEE.members[1]), role: 'EMPLOYEE_MEMBER', gender: 'WOMAN' },
        { userId: id(ACME_COMMITTEE.external), role: 'EXTERNAL_MEMBER', gender: 'WOMAN' },
      ],
    }),
  );

  // ---- Acme: version 2 of the POSH process, a draft copied from the published one (how an admin changes it).
  if (acmeProcess) {
    answer(
      await new WorkflowService(db).createVersion(
        { workspaceId: acme.id, userId: acme.adminId, ip: null },
        acmeProcess.workflowId,
        {
          workflowVersionId: acmeProcess.workflowVersionId,
          name: 'Inquiry under the POSH Act (with a conciliation step)',
          description: 'Draft: the next version of the process, not yet published',
        },
      ),
    );
  }

  // ---- Acme: three cases, each filed by a seeded employee through the form.
  const actorOf = (email: string): Actor => {
    const p = acmePeople.get(email)!;
    return { ws: acme.id, userId: p.id, email: p.email, name: p.name, ip: null, workspaceName: 'Acme' };
  };
  const file = (complainant: string, respondent: string, details: string, daysAgo: number) => {
    const c = acmePeople.get(complainant)!;
    const r = acmePeople.get(respondent)!;
    return filing
      .file(
        actorOf(complainant),
        FileComplaintBody.parse({
          complainant: { name: c.name, email: c.email, gender: 'WOMAN' },
          respondent: { name: r.name, email: r.email, gender: 'MAN', description: 'A colleague in the same team' },
          incident: { details, date: dayOffset(-daysAgo), witnesses: ['A colleague who sat nearby'] },
        }),
      )
      .then(answer);
  };
  const presiding = actorOf(ACME_COMMITTEE.presiding);
  const committeeEmails = [ACME_COMMITTEE.presiding, ...ACME_COMMITTEE.members, ACME_COMMITTEE.external];
  const copyStep = (steps: { stepId: string; name: string }[]) =>
    steps.find((s) => s.name === 'Send the respondent a copy')!.stepId;
  const hearingStep = (steps: { stepId: string; name: string }[]) =>
    steps.find((s) => s.name === 'Inquiry hearing')?.stepId ?? null;
  /** Completes a step as the presiding officer does: the recipients its mails go to shown, then confirmed. */
  const complete = async (caseId: string, stepId: string, note: string) => {
    const planned = answer(await decisions.stepRecipients(presiding, caseId, stepId));
    const confirmedRecipients = planned.mails.flatMap((m) => m.recipients.map((r) => r.email));
    answer(await decisions.completeStep(presiding, caseId, stepId, { note, confirmedRecipients }));
  };

  // New: just filed; the copy to the respondent is due within 7 working days.
  await file(
    complainants[0],
    respondents[0],
    'Unwelcome comments about my appearance during the weekly stand-up, more than once.',
    5,
  );

  // In inquiry: the respondent has the copy; a hearing is scheduled next week.
  const inquiry = await file(
    complainants[1],
    respondents[1],
    'Repeated messages late at night asking to meet outside work, after I said no.',
    12,
  );
  await complete(inquiry.complaintId, copyStep(inquiry.steps), 'Copy sent by mail');
  const hearingDay = dayOffset(7);
  await meetings
    .scheduleMeeting(
      presiding,
      inquiry.complaintId,
      MeetingBody.parse({
        title: 'Inquiry hearing',
        agenda: "Hear the complainant and the respondent's reply; decide whom to call as witnesses.",
        startsAt: `${hearingDay}T10:00:00+05:30`,
        endsAt: `${hearingDay}T11:30:00+05:30`,
        location: 'Meeting room 4, Acme Headquarters',
        guests: [...committeeEmails, complainants[1]],
        stepId: hearingStep(inquiry.steps),
      }),
    )
    .then(answer);

  // Closed: heard and decided; the appeal window (90 days, POSH s.18) is open.
  const closed = await file(
    complainants[2],
    respondents[2],
    'Inappropriate jokes and touching at the team offsite.',
    40,
  );
  await complete(closed.complaintId, copyStep(closed.steps), 'Copy handed over in person');
  const meeting = await meetings
    .scheduleMeeting(
      presiding,
      closed.complaintId,
      MeetingBody.parse({
        title: 'Inquiry hearing',
        agenda: 'Hear both parties and the witness.',
        startsAt: `${dayOffset(0)}T09:00:00+05:30`,
        endsAt: `${dayOffset(0)}T10:00:00+05:30`,
        location: 'Meeting room 2, Acme Pune',
        guests: [...committeeEmails, complainants[2], respondents[2]],
        stepId: hearingStep(closed.steps),
      }),
    )
    .then(answer);
  answer(
    await meetings.recordMeeting(presiding, closed.complaintId, meeting.meetingId, {
      minutes: 'Both parties and the witness were heard; the respondent admitted the jokes and denied the touching.',
      outcome: 'The committee finds the complaint upheld.',
    }),
  );
  answer(
    await decisions.close(presiding, closed.complaintId, {
      outcome: 'UPHELD',
      summary: 'Upheld: a written warning and a sensitisation course for the respondent, recommended to the employer.',
    }),
  );

  // ---- Globex (Canada): its designated recipient.
  const [recipient] = [...(await people(db, globex, [GLOBEX_RECIPIENT])).values()];
  await committees.create(
    { ws: globex.id, userId: globex.adminId, ip: null, role: 'WORKSPACE_ADMIN', workspaceName: 'Globex', setsUp: true },
    CommitteeBody.parse({
      name: 'Globex designated recipients',
      branchId: null,
      termStart,
      termEnd,
      members: [{ userId: recipient.id, role: 'DESIGNATED_RECIPIENT', gender: 'WOMAN' }],
    }),
  );
}

/**
 * For the migration tests, which seed a database migrated only part way (`seedDemo`'s `caseStory: false`): a draft
 * workflow written with the tables of migration 0004 alone, since the services need today's schema.
 */
export async function seedOldSchemaWorkflow(db: Database, ws: DemoWorkspace): Promise<void> {
  await db.tenant(ws.id, async (tx) => {
    const [workflow] = await tx.query<{ id: string }>(
      `INSERT INTO workflows (workspace_id, name, description, default_to_workspace, created_by)
       VALUES ($1, 'POSH redressal', $2, true, $3) RETURNING id`,
      [
        ws.id,
        'Inquiry into a complaint of sexual harassment by the Internal Committee under the POSH Act 2013 and its Rules: ' +
          'the respondent gets a copy within 7 working days, and the inquiry completes within 90 days.',
        ws.adminId || null,
      ],
    );
    await tx.query(
      `INSERT INTO workflow_branches (workspace_id, workflow_id, branch_id) VALUES ($1, $2, $3), ($1, $2, $4)`,
      [ws.id, workflow.id, ws.branches.hq, ws.branches.second],
    );
    const [version] = await tx.query<{ id: string }>(
      `INSERT INTO workflow_versions (workspace_id, workflow_id, version_number, name, description, branch_ids, default_to_workspace, created_by)
       VALUES ($1, $2, 1, 'Inquiry under the POSH Act', 'First draft of the inquiry process', $3::uuid[], true, $4) RETURNING id`,
      [ws.id, workflow.id, [ws.branches.hq, ws.branches.second], ws.adminId || null],
    );
    await tx.query(
      `INSERT INTO workflow_steps (workspace_id, version_id, position, kind, name, description, settings) VALUES
         ($1, $2, 1, 'MEETING', 'Preliminary hearing', 'The Internal Committee meets the complainant (quorum: 3 members including the presiding officer).', $3::jsonb),
         ($1, $2, 2, 'ACTION', 'Inform respondent', 'Send the respondent a copy of the complaint within 7 working days.', $4::jsonb)`,
      [
        ws.id,
        version.id,
        JSON.stringify({ meetingFields: meetingForm(['MINUTES', 'OUTCOME']) }),
        JSON.stringify({ actionTypes: ['INFORM_RESPONDENT'], party: null }),
      ],
    );
  });
}
