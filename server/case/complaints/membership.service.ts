import type { CommitteeChanges, MembershipChange } from '../../../src/contracts/case/committee-membership.contract';
import {
  approverOf,
  changesSeats,
  decisionProblem,
  seatDiff,
  type Seat,
} from '../../../src/domain/complaints/membership';
import type { Database, Sql } from '../../platform/db/database';
import type { Mailer } from '../../platform/messages';
import { templates } from '../../platform/message-templates';
import { openCaseStakes } from '../../platform/case-stakes';
import type { Outcome, Refusal } from '../../platform/refusal';
import { accountEmail, caseAudit, caseNumberText, recuseAsParty } from './complaints.repository';
import { recusesWitnesses } from './regime';
import type { Access, ComplaintService, Actor } from './complaints.service';

/**
 * Committee membership (docs/case.md "Committee membership"): a change of members waits for approval and is applied
 * only by it; whoever joins is recused at once from every case of the committee they are a party to, and waits to be
 * admitted to every other case filed before they joined. Every request and decision is written in the access log of
 * each open case of the committee and mailed to its members.
 */

/** A refusal of this area: the platform's `Refusal`, turned into HTTP by the routes' one helper (`answer`). */
export type { Outcome } from '../../platform/refusal';
type Refused = 'not-found' | 'forbidden' | 'conflict' | 'bad-request';
const KIND: Record<Refused, [Refusal['refusal'], string]> = {
  'not-found': ['not-found', 'NOT_FOUND'],
  forbidden: ['forbidden', 'FORBIDDEN'],
  conflict: ['conflict', 'CONFLICT'],
  'bad-request': ['invalid', 'BAD_REQUEST'],
};
const refuse = (refused: Refused, message: string, fields?: Record<string, string>): Refusal => ({
  ok: false,
  refusal: KIND[refused][0],
  code: KIND[refused][1],
  message,
  fields,
});

export interface MemberInput {
  userId: string;
  role: Seat['role'];
  gender: string;
  senior: boolean;
  fromAnotherOffice: boolean;
}
export interface Proposal {
  name: string;
  termStart: string;
  termEnd: string;
  members: MemberInput[];
}

export interface SetupCaller {
  ws: string;
  userId: string;
  ip: string | null;
  role: string;
  workspaceName: string;
  /** Whether the caller sets committees up (an admin or employer holding `workflows.design` in this workspace). */
  setsUp: boolean;
}

async function currentSeats(tx: Sql, ws: string, committeeId: string): Promise<Seat[]> {
  return (
    await tx.query<{ user_id: string; role: Seat['role'] }>(
      `SELECT user_id, role FROM committee_members WHERE workspace_id = $1 AND committee_id = $2 ORDER BY position`,
      [ws, committeeId],
    )
  ).map((r) => ({ userId: r.user_id, role: r.role }));
}

/**
 * Writes the committee's members as given, keeping the rows of those who stay (so nothing of theirs is lost) and
 * recusing whoever joins: from each case of the committee they are a party to (filer, respondent by account, by the
 * complainant's or respondent's address) as AUTO_PARTY, from every other case filed before they joined as NOT_ADMITTED.
 * Every path that changes a committee's members comes through here.
 */
export async function applyMembers(
  tx: Sql,
  ws: string,
  committeeId: string,
  members: readonly MemberInput[],
  decidedBy: string | null,
): Promise<{ added: string[]; removed: string[] }> {
  const diff = seatDiff(await currentSeats(tx, ws, committeeId), members);
  if (diff.removed.length > 0) {
    await tx.query(
      `DELETE FROM committee_members WHERE workspace_id = $1 AND committee_id = $2 AND user_id = ANY($3::uuid[])`,
      [ws, committeeId, diff.removed],
    );
  }
  for (const [i, m] of members.entries()) {
    await tx.query(
      `INSERT INTO committee_members (workspace_id, committee_id, user_id, role, gender, senior, from_another_office, position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (workspace_id, committee_id, user_id) DO UPDATE SET role = EXCLUDED.role, gender = EXCLUDED.gender, senior = EXCLUDED.senior,
         from_another_office = EXCLUDED.from_another_office, position = EXCLUDED.position`,
      [ws, committeeId, m.userId, m.role, m.gender, m.senior, m.fromAnotherOffice, i + 1],
    );
  }
  if (diff.added.length > 0) {
    await tx.query(
      `INSERT INTO complaint_recusals (workspace_id, complaint_id, user_id, reason, note, recorded_by)
       SELECT c.workspace_id, c.id, u.id, p.reason,
              CASE k.kind WHEN 'AUTO_PARTY' THEN 'A party to the case' WHEN 'AUTO_WITNESS' THEN 'A named witness' ELSE 'Joined the committee after the case was filed' END, $4
         FROM complaints c
         JOIN users u ON u.workspace_id = c.workspace_id AND u.id = ANY($3::uuid[])
         LEFT JOIN complaint_settings s ON s.workspace_id = c.workspace_id
         CROSS JOIN LATERAL (SELECT CASE WHEN c.filed_by = u.id OR c.respondent_user_id = u.id
                                          OR lower(c.complainant_email) = lower(u.email) OR lower(coalesce(c.respondent_email, '')) = lower(u.email)
                                         THEN 'AUTO_PARTY'
                                         WHEN coalesce(s.recuse_witnesses, true) AND lower(u.email) = ANY(c.witness_emails) THEN 'AUTO_WITNESS'
                                         ELSE 'NOT_ADMITTED' END AS kind) k
         CROSS JOIN LATERAL (SELECT CASE k.kind WHEN 'NOT_ADMITTED' THEN 'NOT_ADMITTED' ELSE 'AUTO_PARTY' END AS reason) p
        WHERE c.workspace_id = $1 AND c.committee_id = $2
       ON CONFLICT (workspace_id, complaint_id, user_id) DO NOTHING`,
      [ws, committeeId, diff.added, decidedBy],
    );
  }
  return { added: diff.added, removed: diff.removed };
}

/**
 * Recuses every member who is a named witness of an open case of their committee (the workspace turned witness recusal
 * on): as at joining, AUTO_PARTY with the note "A named witness", written in each case's access log. Answers how many.
 */
export async function recuseSeatedWitnesses(
  tx: Sql,
  ws: string,
  actorUserId: string,
  ip: string | null,
): Promise<number> {
  const rows = await tx.query<{ complaint_id: string; user_id: string }>(
    `INSERT INTO complaint_recusals (workspace_id, complaint_id, user_id, reason, note, recorded_by)
     SELECT c.workspace_id, c.id, m.user_id, 'AUTO_PARTY', 'A named witness', $2
       FROM complaints c
       JOIN committee_members m ON m.workspace_id = c.workspace_id AND m.committee_id = c.committee_id
       JOIN users u ON u.workspace_id = m.workspace_id AND u.id = m.user_id
      WHERE c.workspace_id = $1 AND c.status = 'OPEN' AND lower(u.email) = ANY(c.witness_emails)
     ON CONFLICT (workspace_id, complaint_id, user_id) DO UPDATE SET reason = 'AUTO_PARTY', note = 'A named witness', recorded_by = $2, recorded_at = now()
      WHERE complaint_recusals.reason = 'NOT_ADMITTED'
     RETURNING complaint_id, user_id`,
    [ws, actorUserId],
  );
  for (const r of rows) {
    await caseAudit(tx, {
      ws,
      complaintId: r.complaint_id,
      actorUserId,
      action: 'member.recuse.witness',
      ip,
      details: { userId: r.user_id },
    });
  }
  return rows.length;
}

interface ChangeRow {
  id: string;
  committee_id: string;
  committee_name: string;
  status: MembershipChange['status'];
  approver: MembershipChange['approver'];
  proposal: Proposal;
  added: string[];
  removed: string[];
  requested_by: string;
  requested_at: Date | string;
  decided_by: string | null;
  decided_at: Date | string | null;
  decision_note: string;
}

const CHANGE_COLUMNS = `ch.id, ch.committee_id, c.name AS committee_name, ch.status, ch.approver, ch.proposal, ch.added, ch.removed, ch.requested_by, ch.requested_at,
  ch.decided_by, ch.decided_at, ch.decision_note`;

/** The case as the one presiding over it reaches it (locked): anyone else of its committee is refused `does` it. */
async function presidingOver(
  cases: ComplaintService,
  tx: Sql,
  actor: Actor,
  complaintId: string,
  does: string,
): Promise<Outcome<Access>> {
  const decided = await cases.decideAccess(tx, actor, complaintId, { committeeOnly: true, lock: true });
  if (!decided.ok) return decided;
  if (decided.value.presiding?.userId !== actor.userId)
    return refuse('forbidden', `Only the one presiding over the case ${does}`);
  return decided;
}

/**
 * The account the one presiding names as a party of the case (`as`: the respondent, a witness): an account of the
 * workspace (its address, lower case), never the one presiding themselves, who recuses instead and lets the member
 * presiding next confirm it.
 */
async function namedPerson(tx: Sql, actor: Actor, userId: string, as: string): Promise<Outcome<{ email: string }>> {
  const known = await accountEmail(tx, actor.ws, userId);
  if (!known)
    return refuse('bad-request', 'Not a member of this workspace', { userId: 'Not a member of this workspace' });
  if (userId === actor.userId)
    return refuse(
      'forbidden',
      `You are naming yourself as ${as}: recuse yourself from the case instead, then another member confirms it`,
    );
  return { ok: true, value: { email: known } };
}

export class MembershipService {
  constructor(
    private readonly db: Database,
    private readonly mail: Mailer,
  ) {}

  /**
   * A change asked for through PUT /api/committees/{id} (in the caller's transaction, the committee row locked): the
   * members' seats (who, in which role) wait for approval; when no seat changes, the caller applies it at once.
   * Answers null when no seat changes.
   */
  async request(
    tx: Sql,
    caller: SetupCaller,
    committeeId: string,
    proposal: Proposal,
  ): Promise<Outcome<{ changeId: string } | null>> {
    const before = await currentSeats(tx, caller.ws, committeeId);
    const diff = seatDiff(before, proposal.members);
    if (!changesSeats(diff)) return { ok: true, value: null };
    if (diff.added.includes(caller.userId)) {
      // The attempt itself is for the presiding officer to see: the refusal is answered normally, so this transaction
      // commits these rows (the committee is left as it was).
      const open = await tx.query<{ id: string }>(
        `SELECT id FROM complaints WHERE workspace_id = $1 AND committee_id = $2 AND status = 'OPEN'`,
        [caller.ws, committeeId],
      );
      for (const c of open) {
        await caseAudit(tx, {
          ws: caller.ws,
          complaintId: c.id,
          actorUserId: caller.userId,
          action: 'committee.change.refused',
          ip: caller.ip,
          details: { reason: 'SELF_SEAT', added: diff.added, removed: diff.removed },
        });
      }
      return refuse(
        'forbidden',
        'You cannot seat yourself on the committee: another person proposes you, and the presiding officer approves',
      );
    }
    const [pending] = await tx.query(
      `SELECT 1 FROM committee_membership_changes WHERE workspace_id = $1 AND committee_id = $2 AND status = 'PENDING'`,
      [caller.ws, committeeId],
    );
    if (pending)
      return refuse(
        'conflict',
        'A change of members is already waiting for approval: it must be approved or rejected first',
      );
    const approver = approverOf(before, proposal.members, caller.userId);
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO committee_membership_changes (workspace_id, committee_id, approver, proposal, added, removed, requested_by)
       VALUES ($1, $2, $3, $4, $5::uuid[], $6::uuid[], $7) RETURNING id`,
      [caller.ws, committeeId, approver, JSON.stringify(proposal), diff.added, diff.removed, caller.userId],
    );
    await this.tell(tx, caller, committeeId, row.id, 'REQUESTED');
    return { ok: true, value: { changeId: row.id } };
  }

  /** Refuses a new committee's members when they seat whoever constitutes it. */
  selfSeated(caller: SetupCaller, members: readonly { userId: string }[]): Refusal | null {
    return members.some((m) => m.userId === caller.userId)
      ? refuse(
          'forbidden',
          'You cannot seat yourself on the committee: another person proposes you, and the presiding officer approves',
          { members: 'Includes you' },
        )
      : null;
  }

  async list(caller: SetupCaller): Promise<CommitteeChanges> {
    return this.db.tenant(caller.ws, async (tx) => {
      const setsUp = caller.setsUp;
      const rows = await tx.query<ChangeRow>(
        `SELECT ${CHANGE_COLUMNS}
           FROM committee_membership_changes ch JOIN committees c ON c.workspace_id = ch.workspace_id AND c.id = ch.committee_id
          WHERE ch.workspace_id = $1
            AND ($3 OR ch.requested_by = $2
                 OR EXISTS (SELECT 1 FROM committee_members m WHERE m.workspace_id = ch.workspace_id AND m.committee_id = ch.committee_id AND m.user_id = $2 AND m.role = 'PRESIDING_OFFICER'))
          ORDER BY ch.status <> 'PENDING', ch.requested_at DESC
          LIMIT 200`,
        [caller.ws, caller.userId, setsUp],
      );
      const presides = new Set(
        (
          await tx.query<{ committee_id: string }>(
            `SELECT committee_id FROM committee_members WHERE workspace_id = $1 AND user_id = $2 AND role = 'PRESIDING_OFFICER'`,
            [caller.ws, caller.userId],
          )
        ).map((r) => r.committee_id),
      );
      const changes = await this.views(tx, caller, rows, presides);
      // Members waiting to be admitted to the cases the caller presides over (the presiding officer not recused, or
      // the member named to preside in their stead).
      const waiting = await tx.query<{ complaint_id: string; case_number: number; user_id: string; name: string }>(
        `SELECT c.id AS complaint_id, c.case_number, r.user_id, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) AS name
           FROM complaint_recusals r
           JOIN complaints c ON c.workspace_id = r.workspace_id AND c.id = r.complaint_id
           JOIN users u ON u.workspace_id = r.workspace_id AND u.id = r.user_id
           JOIN committee_members still ON still.workspace_id = c.workspace_id AND still.committee_id = c.committee_id AND still.user_id = r.user_id
          WHERE r.workspace_id = $1 AND r.reason = 'NOT_ADMITTED'
            AND NOT EXISTS (SELECT 1 FROM complaint_recusals me WHERE me.workspace_id = c.workspace_id AND me.complaint_id = c.id AND me.user_id = $2)
            AND (c.presiding_member_id = $2
                 OR EXISTS (SELECT 1 FROM committee_members po WHERE po.workspace_id = c.workspace_id AND po.committee_id = c.committee_id AND po.user_id = $2 AND po.role = 'PRESIDING_OFFICER'))
            AND c.filed_by <> $2 AND c.respondent_user_id IS DISTINCT FROM $2
          ORDER BY c.case_number, name`,
        [caller.ws, caller.userId],
      );
      return {
        changes,
        admissions: waiting.map((w) => ({
          complaintId: w.complaint_id,
          caseNumber: caseNumberText(w.case_number),
          member: { userId: w.user_id, name: w.name },
        })),
      };
    });
  }

  async decide(
    caller: SetupCaller,
    changeId: string,
    decision: 'APPROVE' | 'REJECT',
    note: string,
  ): Promise<Outcome<MembershipChange>> {
    return this.db.tenant(caller.ws, async (tx) => {
      const [row] = await tx.query<ChangeRow>(
        `SELECT ${CHANGE_COLUMNS}
           FROM committee_membership_changes ch JOIN committees c ON c.workspace_id = ch.workspace_id AND c.id = ch.committee_id
          WHERE ch.workspace_id = $1 AND ch.id = $2 FOR UPDATE OF ch, c`,
        [caller.ws, changeId],
      );
      const [seat] = row
        ? await tx.query<{ role: string }>(
            `SELECT role FROM committee_members WHERE workspace_id = $1 AND committee_id = $2 AND user_id = $3`,
            [caller.ws, row.committee_id, caller.userId],
          )
        : [];
      const presides = seat?.role === 'PRESIDING_OFFICER';
      const setsUp = caller.setsUp;
      // A change the caller may not see is answered as one that does not exist.
      if (!row || !(presides || setsUp || row.requested_by === caller.userId))
        return refuse('not-found', 'There is no such change');
      if (row.status !== 'PENDING') return refuse('conflict', `This change was ${row.status.toLowerCase()} already`);
      const problem = decisionProblem(
        { approver: row.approver, requestedBy: row.requested_by, added: row.added },
        { userId: caller.userId, presides, setsUp },
        decision,
      );
      if (problem) return refuse('forbidden', problem);
      if (decision === 'APPROVE') {
        const p = row.proposal;
        // People deleted since the request cannot be seated.
        const known = await tx.query<{ id: string }>(
          `SELECT id FROM users WHERE workspace_id = $1 AND id = ANY($2::uuid[])`,
          [caller.ws, p.members.map((m) => m.userId)],
        );
        if (known.length !== new Set(p.members.map((m) => m.userId)).size)
          return refuse('conflict', 'A person of this change is no longer in the workspace: reject it and ask again');
        await tx.query(
          `UPDATE committees SET name = $3, term_start = $4, term_end = $5, updated_at = now() WHERE workspace_id = $1 AND id = $2`,
          [caller.ws, row.committee_id, p.name, p.termStart, p.termEnd],
        );
        await applyMembers(tx, caller.ws, row.committee_id, p.members, caller.userId);
      }
      await tx.query(
        `UPDATE committee_membership_changes SET status = $3, decided_by = $4, decided_at = now(), decision_note = $5 WHERE workspace_id = $1 AND id = $2`,
        [caller.ws, changeId, decision === 'APPROVE' ? 'APPROVED' : 'REJECTED', caller.userId, note],
      );
      await this.tell(tx, caller, row.committee_id, changeId, decision === 'APPROVE' ? 'APPROVED' : 'REJECTED');
      const [after] = await tx.query<ChangeRow>(
        `SELECT ${CHANGE_COLUMNS} FROM committee_membership_changes ch JOIN committees c ON c.workspace_id = ch.workspace_id AND c.id = ch.committee_id WHERE ch.workspace_id = $1 AND ch.id = $2`,
        [caller.ws, changeId],
      );
      const [view] = await this.views(tx, caller, [after], presides ? new Set([row.committee_id]) : new Set());
      return { ok: true, value: view };
    });
  }

  /**
   * The one presiding admits a member who joined after the case was filed. Refused for a party to the case (who is
   * never admitted) and for a member who is not waiting.
   */
  async admit(
    cases: ComplaintService,
    actor: Actor,
    complaintId: string,
    userId: string,
  ): Promise<Outcome<{ ok: true }>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const decided = await presidingOver(cases, tx, actor, complaintId, 'admits a member to it');
      if (!decided.ok) return decided;
      const access = decided.value;
      const [waiting] = await tx.query<{ email: string }>(
        `SELECT u.email FROM complaint_recusals r JOIN users u ON u.workspace_id = r.workspace_id AND u.id = r.user_id
          WHERE r.workspace_id = $1 AND r.complaint_id = $2 AND r.user_id = $3 AND r.reason = 'NOT_ADMITTED'`,
        [actor.ws, complaintId, userId],
      );
      if (!waiting || !access.members.some((m) => m.user_id === userId))
        return refuse('bad-request', 'This person is not a member waiting to be admitted to this case', {
          userId: 'Not waiting',
        });
      const row = access.row;
      const email = waiting.email.toLowerCase();
      if (
        row.filed_by === userId ||
        row.respondent_user_id === userId ||
        row.complainant_email?.toLowerCase() === email ||
        row.respondent_email?.toLowerCase() === email
      ) {
        return refuse('forbidden', 'A party to the case is never admitted to it', { userId: 'A party to the case' });
      }
      if ((row.witness_emails ?? []).includes(email) && (await recusesWitnesses(tx, actor.ws))) {
        return refuse('forbidden', 'A named witness of the case is not admitted to it', {
          userId: 'A named witness of the case',
        });
      }
      await tx.query(
        `DELETE FROM complaint_recusals WHERE workspace_id = $1 AND complaint_id = $2 AND user_id = $3 AND reason = 'NOT_ADMITTED'`,
        [actor.ws, complaintId, userId],
      );
      await caseAudit(tx, {
        ws: actor.ws,
        complaintId,
        actorUserId: actor.userId,
        action: 'member.admit',
        ip: actor.ip,
        details: { userId },
      });
      await this.mail.send(
        {
          workspaceId: actor.ws,
          to: waiting.email,
          ...templates.caseAdmission({
            workspaceName: actor.workspaceName,
            caseNumber: caseNumberText(row.case_number),
          }),
        },
        tx,
      );
      return { ok: true, value: { ok: true } };
    });
  }

  /**
   * The one presiding confirms that the respondent, named without an address of the workspace, is this person: the
   * case records them as its respondent, and if they sit on the committee they are recused from it at once.
   */
  async confirmRespondent(
    cases: ComplaintService,
    actor: Actor,
    complaintId: string,
    userId: string,
  ): Promise<Outcome<{ recused: boolean }>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const decided = await presidingOver(cases, tx, actor, complaintId, 'confirms who the respondent is');
      if (!decided.ok) return decided;
      const access = decided.value;
      if (access.row.respondent_user_id && access.row.respondent_user_id !== userId)
        return refuse('conflict', 'The case already names the respondent’s account');
      const named = await namedPerson(tx, actor, userId, 'the respondent');
      if (!named.ok) return named;
      await tx.query(
        `UPDATE complaints SET respondent_user_id = $3, updated_at = now() WHERE workspace_id = $1 AND id = $2`,
        [actor.ws, complaintId, userId],
      );
      const seated = access.members.some((m) => m.user_id === userId);
      if (seated) await recuseAsParty(tx, actor.ws, complaintId, userId, 'Confirmed as the respondent', actor.userId);
      await caseAudit(tx, {
        ws: actor.ws,
        complaintId,
        actorUserId: actor.userId,
        action: 'respondent.confirm',
        ip: actor.ip,
        details: { userId, recused: seated },
      });
      return { ok: true, value: { recused: seated } };
    });
  }

  /**
   * The one presiding confirms that a witness named without an address is this person, as for the respondent: the
   * case records their address among its named witnesses (`witness_emails`), so every path that recuses a named
   * witness (joining, the setting turned on, the case's access check) treats them as one; seated, they are recused
   * at once where the workspace recuses witnesses. Logged `witness.confirm` in the case.
   */
  async confirmWitness(
    cases: ComplaintService,
    actor: Actor,
    complaintId: string,
    userId: string,
  ): Promise<Outcome<{ recused: boolean }>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const decided = await presidingOver(cases, tx, actor, complaintId, 'confirms who a witness is');
      if (!decided.ok) return decided;
      const access = decided.value;
      const named = await namedPerson(tx, actor, userId, 'a witness');
      if (!named.ok) return named;
      const known = named.value;
      await tx.query(
        `UPDATE complaints SET witness_emails = array_append(witness_emails, $3::text), updated_at = now()
          WHERE workspace_id = $1 AND id = $2 AND NOT ($3::text = ANY(witness_emails))`,
        [actor.ws, complaintId, known.email],
      );
      const seated = access.members.some((m) => m.user_id === userId);
      const recused = seated && (await recusesWitnesses(tx, actor.ws));
      if (recused) await recuseAsParty(tx, actor.ws, complaintId, userId, 'A named witness', actor.userId);
      await caseAudit(tx, {
        ws: actor.ws,
        complaintId,
        actorUserId: actor.userId,
        action: 'witness.confirm',
        ip: actor.ip,
        details: { userId, recused },
      });
      return { ok: true, value: { recused } };
    });
  }

  /**
   * A presiding officer acknowledges that a person with a stake in open cases of their committee may be deleted or
   * deactivated. Only the presiding officer of the committee of every one of those cases may (a person with cases
   * before several committees needs each); written in each case's access log.
   */
  async acknowledgeDeparture(actor: Actor, userId: string, note: string): Promise<Outcome<{ openCases: number }>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const [stake] = await openCaseStakes(tx, actor.ws, [userId]);
      if (!stake) return refuse('bad-request', 'This person has no stake in an open case', { userId: 'No open case' });
      const mine = await tx.query<{ id: string }>(
        `SELECT c.id FROM complaints c
          WHERE c.workspace_id = $1 AND c.id = ANY($2::uuid[])
            AND EXISTS (SELECT 1 FROM committee_members m WHERE m.workspace_id = c.workspace_id AND m.committee_id = c.committee_id AND m.user_id = $3 AND m.role = 'PRESIDING_OFFICER')
            AND NOT EXISTS (SELECT 1 FROM complaint_recusals r WHERE r.workspace_id = c.workspace_id AND r.complaint_id = c.id AND r.user_id = $3)`,
        [actor.ws, stake.complaintIds, actor.userId],
      );
      // Not told which cases, nor to whom: a stake in a case the caller does not preside over is not theirs to see.
      if (mine.length !== stake.complaintIds.length)
        return refuse(
          'forbidden',
          'Only the presiding officer of every committee this person has an open case before may acknowledge it',
        );
      await tx.query(
        `INSERT INTO case_departure_acknowledgements (workspace_id, user_id, acknowledged_by, note) VALUES ($1, $2, $3, $4)
         ON CONFLICT (workspace_id, user_id) DO UPDATE SET acknowledged_by = $3, acknowledged_at = now(), note = $4`,
        [actor.ws, userId, actor.userId, note],
      );
      for (const complaintId of stake.complaintIds) {
        await caseAudit(tx, {
          ws: actor.ws,
          complaintId,
          actorUserId: actor.userId,
          action: 'stake.acknowledge',
          ip: actor.ip,
          details: { userId },
        });
      }
      return { ok: true, value: { openCases: stake.complaintIds.length } };
    });
  }

  /** Writes the request or decision in each open case's access log and mails the committee (its members now). */
  private async tell(
    tx: Sql,
    caller: SetupCaller,
    committeeId: string,
    changeId: string,
    what: 'REQUESTED' | 'APPROVED' | 'REJECTED',
  ): Promise<void> {
    const [change] = await tx.query<{ added: string[]; removed: string[]; approver: string; name: string }>(
      `SELECT ch.added, ch.removed, ch.approver, c.name FROM committee_membership_changes ch JOIN committees c ON c.workspace_id = ch.workspace_id AND c.id = ch.committee_id
        WHERE ch.workspace_id = $1 AND ch.id = $2`,
      [caller.ws, changeId],
    );
    const open = await tx.query<{ id: string }>(
      `SELECT id FROM complaints WHERE workspace_id = $1 AND committee_id = $2 AND status = 'OPEN'`,
      [caller.ws, committeeId],
    );
    for (const c of open) {
      await caseAudit(tx, {
        ws: caller.ws,
        complaintId: c.id,
        actorUserId: caller.userId,
        action: `committee.change.${what.toLowerCase()}`,
        ip: caller.ip,
        details: { changeId, added: change.added, removed: change.removed },
      });
    }
    const names = await this.names(tx, caller.ws, [...change.added, ...change.removed, caller.userId]);
    // The members as they stand (after an approval: the new ones too), and those a rejected change would have seated.
    const to = await tx.query<{ email: string }>(
      `SELECT DISTINCT u.email FROM users u
        WHERE u.workspace_id = $1 AND u.status <> 'INACTIVE'
          AND (u.id IN (SELECT user_id FROM committee_members WHERE workspace_id = $1 AND committee_id = $2) OR u.id = ANY($3::uuid[]))`,
      [caller.ws, committeeId, [...change.added, ...change.removed]],
    );
    const content = templates.committeeChange({
      workspaceName: caller.workspaceName,
      committeeName: change.name,
      what,
      by: names.get(caller.userId) ?? 'a workspace admin',
      added: change.added.map((id) => names.get(id) ?? id),
      removed: change.removed.map((id) => names.get(id) ?? id),
      approver:
        change.approver === 'PRESIDING_OFFICER' ? 'the presiding officer' : 'a second workspace admin or employer',
    });
    if (to.length > 0)
      await this.mail.sendMany(
        to.map((r) => ({ workspaceId: caller.ws, to: r.email, ...content })),
        tx,
      );
  }

  private async names(tx: Sql, ws: string, ids: readonly string[]): Promise<Map<string, string>> {
    const rows = await tx.query<{ id: string; name: string }>(
      `SELECT id, coalesce(nullif(trim(first_name || ' ' || last_name), ''), email) AS name FROM users WHERE workspace_id = $1 AND id = ANY($2::uuid[])`,
      [ws, [...new Set(ids.filter(Boolean))]],
    );
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  private async views(
    tx: Sql,
    caller: SetupCaller,
    rows: ChangeRow[],
    presides: ReadonlySet<string>,
  ): Promise<MembershipChange[]> {
    const names = await this.names(
      tx,
      caller.ws,
      rows.flatMap((r) => [...r.added, ...r.removed, r.requested_by, r.decided_by ?? '']),
    );
    const ref = (id: string) => ({ userId: id, name: names.get(id) ?? 'A former member of the workspace' });
    const setsUp = caller.setsUp;
    return rows.map((r) => {
      const pending = r.status === 'PENDING';
      const mayApprove =
        pending &&
        !decisionProblem(
          { approver: r.approver, requestedBy: r.requested_by, added: r.added },
          { userId: caller.userId, presides: presides.has(r.committee_id), setsUp },
          'APPROVE',
        );
      const mayReject =
        pending &&
        !decisionProblem(
          { approver: r.approver, requestedBy: r.requested_by, added: r.added },
          { userId: caller.userId, presides: presides.has(r.committee_id), setsUp },
          'REJECT',
        );
      return {
        changeId: r.id,
        committeeId: r.committee_id,
        committeeName: r.committee_name,
        status: r.status,
        approver: r.approver,
        added: r.added.map(ref),
        removed: r.removed.map(ref),
        requestedBy: ref(r.requested_by),
        requestedAt: new Date(r.requested_at).toISOString(),
        decidedBy: r.decided_by ? ref(r.decided_by) : null,
        decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
        note: r.decision_note,
        mayApprove,
        mayReject,
      };
    });
  }
}
