import type { CommitteeChanges, MembershipChange } from '../../../src/contracts/case/committee-membership.contract';
import { approverOf, changesSeats, decisionProblem, seatDiff } from '../../../src/domain/complaints/membership';
import type { Database, Sql } from '../../platform/db/database';
import type { Mailer } from '../../platform/messages';
import { templates } from '../../platform/message-templates';
import { openCaseStakes } from '../../platform/case-stakes';
import type { Outcome, Refusal } from '../../platform/refusal';
import { accountEmail, caseAudit, caseNumberText, recuseAsParty } from './complaints.repository';
import { knownUsers, updateCommittee } from './committees.repository';
import * as repo from './membership.repository';
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

export type MemberInput = repo.MemberSeat;
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
  const diff = seatDiff(await repo.currentSeats(tx, ws, committeeId), members);
  if (diff.removed.length > 0) await repo.removeMembers(tx, ws, committeeId, diff.removed);
  for (const [i, m] of members.entries()) await repo.upsertMember(tx, ws, committeeId, m, i + 1);
  if (diff.added.length > 0) await repo.recuseJoiners(tx, ws, committeeId, diff.added, decidedBy);
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
  const rows = await repo.recuseSeatedWitnessRows(tx, ws, actorUserId);
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
    const before = await repo.currentSeats(tx, caller.ws, committeeId);
    const diff = seatDiff(before, proposal.members);
    if (!changesSeats(diff)) return { ok: true, value: null };
    if (diff.added.includes(caller.userId)) {
      // The attempt itself is for the presiding officer to see: the refusal is answered normally, so this transaction
      // commits these rows (the committee is left as it was).
      for (const complaintId of await repo.openCaseIds(tx, caller.ws, committeeId)) {
        await caseAudit(tx, {
          ws: caller.ws,
          complaintId,
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
    if (await repo.hasPendingChange(tx, caller.ws, committeeId))
      return refuse(
        'conflict',
        'A change of members is already waiting for approval: it must be approved or rejected first',
      );
    const approver = approverOf(before, proposal.members, caller.userId);
    const changeId = await repo.insertChange(tx, caller.ws, {
      committeeId,
      approver,
      proposal,
      added: diff.added,
      removed: diff.removed,
      requestedBy: caller.userId,
    });
    await this.tell(tx, caller, committeeId, changeId, 'REQUESTED');
    return { ok: true, value: { changeId } };
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
      const rows = await repo.visibleChanges(tx, caller.ws, caller.userId, setsUp);
      const presides = await repo.presidedCommittees(tx, caller.ws, caller.userId);
      const changes = await this.views(tx, caller, rows, presides);
      const waiting = await repo.waitingAdmissions(tx, caller.ws, caller.userId);
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
      const row = await repo.findChange(tx, caller.ws, changeId, { lock: true });
      const seat = row ? await repo.seatRole(tx, caller.ws, row.committee_id, caller.userId) : null;
      const presides = seat === 'PRESIDING_OFFICER';
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
        const known = await knownUsers(
          tx,
          caller.ws,
          p.members.map((m) => m.userId),
        );
        if (known.size !== new Set(p.members.map((m) => m.userId)).size)
          return refuse('conflict', 'A person of this change is no longer in the workspace: reject it and ask again');
        await updateCommittee(tx, caller.ws, row.committee_id, {
          name: p.name,
          termStart: p.termStart,
          termEnd: p.termEnd,
        });
        await applyMembers(tx, caller.ws, row.committee_id, p.members, caller.userId);
      }
      await repo.recordDecision(tx, caller.ws, changeId, {
        status: decision === 'APPROVE' ? 'APPROVED' : 'REJECTED',
        decidedBy: caller.userId,
        note,
      });
      await this.tell(tx, caller, row.committee_id, changeId, decision === 'APPROVE' ? 'APPROVED' : 'REJECTED');
      const after = (await repo.findChange(tx, caller.ws, changeId))!;
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
      const waitingEmail = await repo.waitingMemberEmail(tx, actor.ws, complaintId, userId);
      if (!waitingEmail || !access.members.some((m) => m.user_id === userId))
        return refuse('bad-request', 'This person is not a member waiting to be admitted to this case', {
          userId: 'Not waiting',
        });
      const row = access.row;
      const email = waitingEmail.toLowerCase();
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
      await repo.admitMember(tx, actor.ws, complaintId, userId);
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
          to: waitingEmail,
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
      await repo.setRespondentAccount(tx, actor.ws, complaintId, userId);
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
      await repo.addWitnessEmail(tx, actor.ws, complaintId, known.email);
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
      const mine = await repo.presidedCases(tx, actor.ws, stake.complaintIds, actor.userId);
      // Not told which cases, nor to whom: a stake in a case the caller does not preside over is not theirs to see.
      if (mine.length !== stake.complaintIds.length)
        return refuse(
          'forbidden',
          'Only the presiding officer of every committee this person has an open case before may acknowledge it',
        );
      await repo.acknowledgeDeparture(tx, actor.ws, { userId, acknowledgedBy: actor.userId, note });
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
    const change = await repo.changeSummary(tx, caller.ws, changeId);
    for (const complaintId of await repo.openCaseIds(tx, caller.ws, committeeId)) {
      await caseAudit(tx, {
        ws: caller.ws,
        complaintId,
        actorUserId: caller.userId,
        action: `committee.change.${what.toLowerCase()}`,
        ip: caller.ip,
        details: { changeId, added: change.added, removed: change.removed },
      });
    }
    const names = await repo.userNames(tx, caller.ws, [...change.added, ...change.removed, caller.userId]);
    // The members as they stand (after an approval: the new ones too), and those a rejected change would have seated.
    const to = await repo.committeeRecipients(tx, caller.ws, committeeId, [...change.added, ...change.removed]);
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
        to.map((email) => ({ workspaceId: caller.ws, to: email, ...content })),
        tx,
      );
  }

  private async views(
    tx: Sql,
    caller: SetupCaller,
    rows: repo.ChangeRow[],
    presides: ReadonlySet<string>,
  ): Promise<MembershipChange[]> {
    const names = await repo.userNames(
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
