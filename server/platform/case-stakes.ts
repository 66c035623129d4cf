import { actingApiKey } from './api-keys';
import type { Database, Sql } from './db/database';
import type { Outcome } from './refusal';
import type { Mailer, OutgoingMail } from './messages';
import { templates } from './message-templates';

/**
 * People with a stake in an open case (docs/case.md "Committee membership"): its filer, its respondent by account,
 * the member presiding in the presiding officer's stead, and the presiding officer of its committee. Deleting or
 * deactivating one of them, by any path (the directory, bulk, by file, the platform's tools), is refused unless a
 * presiding officer acknowledged it; either way the case's access log records it and its committee is told. Shared by
 * the main API (people) and the case API (the acknowledgement), so it lives here.
 */

export interface Stake {
  userId: string;
  complaintIds: string[];
  caseNumbers: string[];
  acknowledged: boolean;
}

/** The open cases each of these people has a stake in (people with none are left out). */
export async function openCaseStakes(tx: Sql, ws: string, userIds: readonly string[]): Promise<Stake[]> {
  if (userIds.length === 0) return [];
  const rows = await tx.query<{ user_id: string; complaint_id: string; case_number: number; acknowledged: boolean }>(
    `SELECT u.id AS user_id, c.id AS complaint_id, c.case_number,
            EXISTS (SELECT 1 FROM case_departure_acknowledgements a WHERE a.workspace_id = c.workspace_id AND a.user_id = u.id) AS acknowledged
       FROM unnest($2::uuid[]) AS u(id)
       JOIN complaints c ON c.workspace_id = $1 AND c.status = 'OPEN'
        AND (c.filed_by = u.id OR c.respondent_user_id = u.id OR c.presiding_member_id = u.id
             OR EXISTS (SELECT 1 FROM committee_members m
                         WHERE m.workspace_id = c.workspace_id AND m.committee_id = c.committee_id AND m.user_id = u.id AND m.role = 'PRESIDING_OFFICER'))
      ORDER BY u.id, c.case_number`,
    [ws, [...new Set(userIds)]],
  );
  const byUser = new Map<string, Stake>();
  for (const r of rows) {
    const stake = byUser.get(r.user_id) ?? {
      userId: r.user_id,
      complaintIds: [],
      caseNumbers: [],
      acknowledged: r.acknowledged,
    };
    stake.complaintIds.push(r.complaint_id);
    stake.caseNumbers.push(`C-${String(r.case_number).padStart(4, '0')}`);
    byUser.set(r.user_id, stake);
  }
  return [...byUser.values()];
}

/** The refusal an admin reads: how many open cases, never which. */
export function stakeRefusal(who: string, stake: Stake): string {
  const n = stake.complaintIds.length;
  return `${who} is a party to or presides over ${n} open ${n === 1 ? 'case' : 'cases'}: the presiding officer must acknowledge it first`;
}

/**
 * Records an attempt (refused) or a departure (done) in each case's access log and tells each case's committee
 * (its members who may read it) in one mail each, through the outbox.
 */
export async function recordDepartures(
  tx: Sql,
  mail: Mailer,
  e: {
    ws: string;
    workspaceName: string;
    actorUserId: string | null;
    ip: string | null;
    what: 'delete' | 'deactivate';
    done: boolean;
    stakes: readonly Stake[];
    platformAdmin?: boolean;
    /** Who did it when no person did (e.g. `provisioning key` for SCIM). */
    by?: string;
  },
): Promise<void> {
  const caseIds = [...new Set(e.stakes.flatMap((s) => s.complaintIds))];
  if (caseIds.length === 0) return;
  // A request made with an API key names the key, never the admin who created it (docs/integrations.md).
  if (actingApiKey()) e = { ...e, actorUserId: null, by: e.by ?? 'API key' };
  for (const s of e.stakes) {
    for (const complaintId of s.complaintIds) {
      await tx.query(
        `INSERT INTO complaint_audit_events (workspace_id, complaint_id, actor_user_id, action, ip, details) VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          e.ws,
          complaintId,
          e.actorUserId,
          e.done ? `stake.${e.what}` : `stake.${e.what}.refused`,
          e.ip,
          JSON.stringify({
            userId: s.userId,
            acknowledged: s.acknowledged,
            ...(e.platformAdmin ? { by: 'platform admin' } : {}),
            ...(e.by ? { by: e.by } : {}),
          }),
        ],
      );
    }
  }
  const readers = await tx.query<{ email: string; case_number: number }>(
    `SELECT u.email, c.case_number
       FROM complaints c
       JOIN committee_members m ON m.workspace_id = c.workspace_id AND m.committee_id = c.committee_id
       JOIN users u ON u.workspace_id = m.workspace_id AND u.id = m.user_id AND u.status <> 'INACTIVE'
      WHERE c.workspace_id = $1 AND c.id = ANY($2::uuid[])
        AND u.id <> ALL($3::uuid[])
        AND NOT EXISTS (SELECT 1 FROM complaint_recusals r WHERE r.workspace_id = c.workspace_id AND r.complaint_id = c.id AND r.user_id = m.user_id)
      ORDER BY u.email, c.case_number`,
    [e.ws, caseIds, e.stakes.map((s) => s.userId)],
  );
  const workspaceName =
    e.workspaceName ||
    ((await tx.query<{ company_name: string }>(`SELECT company_name FROM workspaces WHERE id = $1`, [e.ws]))[0]
      ?.company_name ??
      '');
  const byReader = new Map<string, string[]>();
  for (const r of readers)
    byReader.set(r.email, [...(byReader.get(r.email) ?? []), `C-${String(r.case_number).padStart(4, '0')}`]);
  const mails: OutgoingMail[] = [...byReader].map(([to, caseNumbers]) => ({
    workspaceId: e.ws,
    to,
    ...templates.caseStakeDeparture({
      workspaceName,
      caseNumbers,
      what: e.what,
      done: e.done,
      acknowledged: e.stakes.every((s) => s.acknowledged),
    }),
  }));
  if (mails.length > 0) await mail.sendMany(mails, tx);
}

/** People with unacknowledged stakes would go: the attempt is recorded (after the rollback) and refused. */
export class StakeRefusal extends Error {
  constructor(
    message: string,
    readonly stakes: Stake[],
  ) {
    super(message);
  }
}

/**
 * Inside the transaction that deletes or deactivates these people: throws `StakeRefusal` when one of them has a stake
 * in an open case not acknowledged by its presiding officer; else answers the acknowledged stakes, to record once done.
 */
export async function guardStakes(
  tx: Sql,
  ws: string,
  people: readonly { userId: string; label: string }[],
): Promise<Stake[]> {
  const stakes = await openCaseStakes(
    tx,
    ws,
    people.map((p) => p.userId),
  );
  const blocked = stakes.filter((s) => !s.acknowledged);
  if (blocked.length > 0) {
    const first = blocked[0]!;
    throw new StakeRefusal(
      stakeRefusal(people.find((p) => p.userId === first.userId)?.label ?? 'This person', first),
      blocked,
    );
  }
  return stakes;
}

export interface DepartureContext {
  ws: string;
  workspaceName: string;
  actorUserId: string | null;
  ip: string | null;
  what: 'delete' | 'deactivate';
  platformAdmin?: boolean;
}

/**
 * Runs a tenant transaction that may delete or deactivate people; a `StakeRefusal` from it is recorded in the cases'
 * access logs and mailed to their committees in a transaction of its own (the work's was rolled back), then answered
 * as a conflict refusal naming the count of open cases (the route answers it, 409).
 */
export async function withStakeGuard<T>(
  db: Database,
  mail: Mailer,
  e: DepartureContext,
  work: (tx: Sql) => Promise<T>,
): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await db.tenant(e.ws, work) };
  } catch (error) {
    if (!(error instanceof StakeRefusal)) throw error;
    await db.tenant(e.ws, (tx) => recordDepartures(tx, mail, { ...e, done: false, stakes: error.stakes }));
    return {
      ok: false,
      refusal: 'conflict',
      code: 'CONFLICT',
      message: error.message,
      fields: { stake: error.message },
    };
  }
}
