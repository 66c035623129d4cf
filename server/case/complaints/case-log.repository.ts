import type { ChainEntry } from '../../../src/domain/complaints/audit-chain';
import type { Sql } from '../../platform/db/database';
import { NO_MEMBER, REFUSALS, REPORTER } from './refused-access.repository';

/**
 * The access log's hash chain as the database holds it (migration 0071; docs/case.md "The access log's hash chain").
 * The canonical line is recomputed from the row's columns as they are now (`complaint_audit_line`), never read back
 * from a stored copy: a row changed in place no longer hashes to its `hash`.
 */
export interface CaseLogEntry extends ChainEntry {
  at: string;
  action: string;
  actorUserId: string | null;
  actorName: string;
}

/** The name an entry's actor is shown by; `action`, when given, names refusals made without a session as such. */
const whoOf = (
  action: string | null,
) => `CASE ${action ? `WHEN a.actor_user_id IS NULL AND ${action} IN (${REFUSALS.map((r) => `'${r}'`).join(', ')}) THEN '${NO_MEMBER}'` : ''}
                  WHEN a.actor_user_id IS NULL THEN '${REPORTER}'
                  ELSE coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email, 'Someone no longer in the workspace') END`;

export async function caseLogChain(tx: Sql, ws: string, complaintId: string): Promise<CaseLogEntry[]> {
  const rows = await tx.query<{
    seq: number;
    line: string;
    prev_hash: string | null;
    hash: string;
    details: string | null;
    redacted: boolean;
    at: string;
    action: string;
    actor_user_id: string | null;
    actor_name: string;
  }>(
    `SELECT a.seq, complaint_audit_line(a) AS line, a.actor_user_id, encode(a.prev_hash, 'hex') AS prev_hash, encode(a.hash, 'hex') AS hash,
            -- A redacted entry (migration 0076) keeps the hash of its details as written: its details now are withheld
            -- from the check, as an export withholds a redacted item's.
            -- It is marked, and must be listed by a later log.redact entry.
            CASE WHEN a.details_sha256 IS NULL THEN a.details::text END AS details, a.details_sha256 IS NOT NULL AS redacted,
            to_char(a.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, a.action,
            CASE WHEN a.action = 'log.redact' THEN 'SafePlace (a migration)' ELSE ${whoOf('a.action')} END AS actor_name
       FROM complaint_audit_events a
       LEFT JOIN users u ON u.workspace_id = a.workspace_id AND u.id = a.actor_user_id
      WHERE a.workspace_id = $1 AND a.complaint_id = $2
      ORDER BY a.seq`,
    [ws, complaintId],
  );
  return rows.map((r) => ({
    seq: Number(r.seq),
    line: r.line,
    prevHash: r.prev_hash,
    hash: r.hash,
    details: r.details,
    ...(r.redacted ? { redacted: true } : {}),
    at: r.at,
    action: r.action,
    actorUserId: r.actor_user_id,
    actorName: r.actor_name,
  }));
}

export interface ListReadEntry {
  seq: number;
  hash: string;
  at: string;
  actorUserId: string | null;
  actorName: string;
}

/** The list reads that listed the case (by their own ids or by their set), with their place in the workspace's chain. */
export async function caseListReads(tx: Sql, ws: string, complaintId: string): Promise<ListReadEntry[]> {
  const rows = await tx.query<{
    seq: string | number;
    hash: string;
    at: string;
    actor_user_id: string | null;
    actor_name: string;
  }>(
    `SELECT a.seq, a.actor_user_id, encode(a.hash, 'hex') AS hash, to_char(a.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, ${whoOf(null)} AS actor_name
       FROM (SELECT l.seq, l.hash, l.at, l.actor_user_id FROM complaint_list_reads l WHERE l.workspace_id = $1 AND l.complaint_ids @> ARRAY[$2::uuid]
             UNION ALL
             SELECT l.seq, l.hash, l.at, l.actor_user_id
               FROM complaint_list_sets k JOIN complaint_list_reads l ON l.workspace_id = k.workspace_id AND l.set_id = k.id
              WHERE k.workspace_id = $1 AND k.complaint_ids @> ARRAY[$2::uuid]) a
       LEFT JOIN users u ON u.workspace_id = $1 AND u.id = a.actor_user_id
      ORDER BY a.seq`,
    [ws, complaintId],
  );
  return rows.map((r) => ({
    seq: Number(r.seq),
    hash: r.hash,
    at: r.at,
    actorUserId: r.actor_user_id,
    actorName: r.actor_name,
  }));
}

/**
 * The workspace's chain of list reads, checked in one statement: each read's hash recomputed from its line, its link
 * to the read before and its place. Answers the first read that does not hold. A read's line names its cases by the
 * digest of their ids (format 2, migration 0183), recomputed here from the ids as they are now (a set's once, not the
 * digest the set keeps), or by the ids themselves (format 1, the reads written before).
 */
export async function verifyListReadChain(
  tx: Sql,
  ws: string,
): Promise<{ entries: number; head: string | null; brokenAt: number | null }> {
  const [row] = await tx.query<{ entries: string | number; head: string | null; broken_at: string | number | null }>(
    `WITH sets AS MATERIALIZED (
       SELECT k.id, complaint_list_ids_digest(k.complaint_ids) AS ids_digest FROM complaint_list_sets k WHERE k.workspace_id = $1
     ), r AS (
       SELECT l.seq, l.hash, l.prev_hash,
              lag(l.hash) OVER (ORDER BY l.seq) AS before, lag(l.seq) OVER (ORDER BY l.seq) AS before_seq,
              sha256(coalesce(l.prev_hash, '\\x'::bytea)
                     || convert_to(complaint_list_read_line(l, CASE WHEN l.line_format = 1 THEN NULL WHEN l.set_id IS NULL
                                                                THEN complaint_list_ids_digest(l.complaint_ids) ELSE s.ids_digest END), 'UTF8')) AS computed
         FROM complaint_list_reads l LEFT JOIN sets s ON s.id = l.set_id
        WHERE l.workspace_id = $1
     )
     SELECT count(*) AS entries,
            (SELECT encode(hash, 'hex') FROM r ORDER BY seq DESC LIMIT 1) AS head,
            min(seq) FILTER (WHERE hash IS DISTINCT FROM computed OR prev_hash IS DISTINCT FROM before OR seq <> coalesce(before_seq, 0) + 1) AS broken_at
       FROM r`,
    [ws],
  );
  return {
    entries: Number(row.entries),
    head: row.head,
    brokenAt: row.broken_at === null ? null : Number(row.broken_at),
  };
}
