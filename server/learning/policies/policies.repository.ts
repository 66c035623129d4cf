import type { PolicyLanguage } from '../../../src/contracts/learning/catalogue.contract';
import type { Sql } from '../../platform/db/database';

/**
 * A workspace's published policies, with the catalogue versions that can be read (those with at least one PDF), and
 * the people in their scope. People come from the main API's tables, as for course assignment (docs/learning.md).
 */

export interface PublishedVersion {
  version: number;
  change: 'MATERIAL' | 'MINOR';
  summary: string;
  /** The day it came out (UTC). */
  day: string;
  languages: PolicyLanguage[];
}

export interface PublishedPolicy {
  id: string;
  cataloguePolicyId: string;
  title: string;
  description: string;
  scope: 'WORKSPACE' | 'UNITS';
  daysToAccept: number;
  yearly: boolean;
  publishedAt: Date | string;
  publishedDay: string;
  branches: { id: string; name: string }[];
  /** Oldest first; only versions with a PDF. */
  versions: PublishedVersion[];
}

interface PublishedRow {
  id: string;
  catalogue_policy_id: string;
  title: string;
  description: string;
  scope: 'WORKSPACE' | 'UNITS';
  days_to_accept: number;
  yearly: boolean;
  published_at: Date | string;
  published_day: string;
  branches: { id: string; name: string }[] | null;
  versions: PublishedVersion[] | null;
}

export async function publishedPolicies(
  tx: Sql,
  workspaceId: string,
  id: string | null = null,
): Promise<PublishedPolicy[]> {
  const rows = await tx.query<PublishedRow>(
    `SELECT w.id, w.catalogue_policy_id, p.title, p.description, w.scope, w.days_to_accept, w.yearly, w.published_at,
            (w.published_at AT TIME ZONE 'UTC')::date::text AS published_day,
            (SELECT coalesce(json_agg(json_build_object('id', b.id, 'name', b.name) ORDER BY b.name), '[]'::json)
               FROM workspace_policy_units u JOIN branches b ON b.workspace_id = u.workspace_id AND b.id = u.branch_id
              WHERE u.workspace_id = w.workspace_id AND u.policy_id = w.id) AS branches,
            (SELECT json_agg(json_build_object('version', v.version, 'change', v.change, 'summary', v.summary,
                      'day', (v.created_at AT TIME ZONE 'UTC')::date::text,
                      'languages', (SELECT json_agg(d.language ORDER BY d.language) FROM catalogue_policy_documents d
                                     WHERE d.policy_id = v.policy_id AND d.version = v.version AND d.status = 'CONFIRMED'))
                    ORDER BY v.version)
               FROM catalogue_policy_versions v
              WHERE v.policy_id = w.catalogue_policy_id
                AND EXISTS (SELECT 1 FROM catalogue_policy_documents d WHERE d.policy_id = v.policy_id AND d.version = v.version AND d.status = 'CONFIRMED')) AS versions
       FROM workspace_policies w JOIN catalogue_policies p ON p.id = w.catalogue_policy_id
      WHERE w.workspace_id = $1 AND ($2::uuid IS NULL OR w.id = $2)
      ORDER BY w.published_at DESC, w.id`,
    [workspaceId, id],
  );
  return rows.map((r) => ({
    id: r.id,
    cataloguePolicyId: r.catalogue_policy_id,
    title: r.title,
    description: r.description,
    scope: r.scope,
    daysToAccept: r.days_to_accept,
    yearly: r.yearly,
    publishedAt: r.published_at,
    publishedDay: r.published_day,
    branches: r.branches ?? [],
    versions: r.versions ?? [],
  }));
}

export interface Person {
  id: string;
  name: string;
  email: string | null;
  branchId: string | null;
  branchName: string | null;
  joinedOn: string;
}

/** The active people of the workspace in a policy's scope (everyone, or its business units), or one of them. */
export async function peopleInScope(
  tx: Sql,
  workspaceId: string,
  policy: PublishedPolicy,
  userId: string | null = null,
): Promise<Person[]> {
  const rows = await tx.query<{
    id: string;
    name: string;
    email: string | null;
    branch_id: string | null;
    branch_name: string | null;
    joined_on: string;
  }>(
    `SELECT u.id, trim(u.first_name || ' ' || u.last_name) AS name, u.email, u.branch_id, b.name AS branch_name,
            coalesce(u.date_of_joining, (u.created_at AT TIME ZONE 'UTC')::date)::text AS joined_on
       FROM users u LEFT JOIN branches b ON b.workspace_id = u.workspace_id AND b.id = u.branch_id
      WHERE u.workspace_id = $1 AND u.status <> 'INACTIVE' AND ($2::uuid IS NULL OR u.id = $2)
        AND ($3 = 'WORKSPACE' OR EXISTS (SELECT 1 FROM workspace_policy_units p WHERE p.workspace_id = u.workspace_id AND p.policy_id = $4 AND p.branch_id = u.branch_id))
      ORDER BY lower(u.first_name), lower(u.last_name), u.id`,
    [workspaceId, userId, policy.scope, policy.id],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    branchId: r.branch_id,
    branchName: r.branch_name,
    joinedOn: r.joined_on,
  }));
}

/** What decides a person's acceptance state, read from the policy once (see `acceptanceState` of the domain). */
export interface AcceptanceRule {
  /** The last material version and the day it came out in this workspace; null when no version can be read. */
  material: { version: number; publishedOn: string } | null;
  daysToAccept: number;
  yearly: boolean;
  today: string;
}

export type AcceptanceStateName = 'ACCEPTED' | 'PENDING' | 'OVERDUE';

/**
 * Every active person in a policy's scope with their acceptance state, judged in SQL as `acceptanceState` of
 * src/domain/compliance/compliance-rules.ts judges one person (so that a page and its counts are read in the database):
 * ACCEPTED with an acceptance of the last material version or a later one (for a yearly policy, until the day before
 * its anniversary); otherwise due `daysToAccept` after the anniversary of that acceptance, or else after the later of
 * their joining and the version's publication, and OVERDUE once that day has passed. Parameters: $1 workspace, $2
 * policy, $3 its scope, $4 and $5 the last material version and its day, $6 days to accept, $7 yearly, $8 today, $9 the
 * state asked (or null).
 */
const JUDGED = `
  WITH people AS (
    SELECT u.id, u.workspace_id, trim(u.first_name || ' ' || u.last_name) AS name, u.email, b.name AS branch_name,
           lower(u.first_name) AS first_key, lower(u.last_name) AS last_key,
           coalesce(u.date_of_joining, (u.created_at AT TIME ZONE 'UTC')::date) AS joined_on,
           (SELECT max((a.accepted_at AT TIME ZONE 'UTC')::date) FROM policy_acceptances a
             WHERE a.workspace_id = u.workspace_id AND a.policy_id = $2 AND a.user_id = u.id AND a.version >= $4::int) AS valid_on
      FROM users u LEFT JOIN branches b ON b.workspace_id = u.workspace_id AND b.id = u.branch_id
     WHERE u.workspace_id = $1 AND u.status <> 'INACTIVE'
       AND ($3::text = 'WORKSPACE' OR EXISTS (SELECT 1 FROM workspace_policy_units p WHERE p.workspace_id = u.workspace_id AND p.policy_id = $2 AND p.branch_id = u.branch_id))
  ), accepted AS (
    SELECT p.*, p.valid_on IS NOT NULL AND (NOT $7::boolean OR $8::date <= (p.valid_on + interval '1 year')::date - 1) AS accepted
      FROM people p
  ), due AS (
    SELECT a.*, CASE WHEN $4::int IS NULL OR a.accepted THEN NULL
                     WHEN a.valid_on IS NOT NULL THEN (a.valid_on + interval '1 year')::date + $6::int
                     ELSE greatest(a.joined_on, $5::date) + $6::int END AS due_on
      FROM accepted a
  ), judged AS (
    SELECT d.*, CASE WHEN $4::int IS NULL THEN 'PENDING' WHEN d.accepted THEN 'ACCEPTED'
                     WHEN d.due_on < $8::date THEN 'OVERDUE' ELSE 'PENDING' END AS state
      FROM due d
  )`;

const judgedParams = (
  workspaceId: string,
  policy: Pick<PublishedPolicy, 'id' | 'scope'>,
  rule: AcceptanceRule,
  state: AcceptanceStateName | null,
) => [
  workspaceId,
  policy.id,
  policy.scope,
  rule.material?.version ?? null,
  rule.material?.publishedOn ?? null,
  rule.daysToAccept,
  rule.yearly,
  rule.today,
  state,
];

/** How many people are in the policy's scope, have accepted, are overdue, and are in the state asked (all: null). */
export async function acceptanceCounts(
  tx: Sql,
  workspaceId: string,
  policy: Pick<PublishedPolicy, 'id' | 'scope'>,
  rule: AcceptanceRule,
  state: AcceptanceStateName | null = null,
): Promise<{ inScope: number; accepted: number; overdue: number; matching: number }> {
  const [row] = await tx.query<{ in_scope: number; accepted: number; overdue: number; matching: number }>(
    `${JUDGED}
     SELECT count(*)::int AS in_scope, count(*) FILTER (WHERE state = 'ACCEPTED')::int AS accepted,
            count(*) FILTER (WHERE state = 'OVERDUE')::int AS overdue,
            count(*) FILTER (WHERE $9::text IS NULL OR state = $9::text)::int AS matching
       FROM judged`,
    judgedParams(workspaceId, policy, rule, state),
  );
  return { inScope: row.in_scope, accepted: row.accepted, overdue: row.overdue, matching: row.matching };
}

export interface AcceptancePageRow {
  userId: string;
  name: string;
  email: string | null;
  branchName: string | null;
  state: AcceptanceStateName;
  dueOn: string | null;
  /** Their latest acceptance of any version, when any. */
  version: number | null;
  language: PolicyLanguage | null;
  acceptedAt: Date | string | null;
  reason: string | null;
}

/** One page of the people in the policy's scope (in the state asked), by name, with their latest acceptance. */
export async function acceptancePage(
  tx: Sql,
  workspaceId: string,
  policy: Pick<PublishedPolicy, 'id' | 'scope'>,
  rule: AcceptanceRule,
  query: { state: AcceptanceStateName | null; page: number; pageSize: number },
): Promise<AcceptancePageRow[]> {
  const rows = await tx.query<{
    id: string;
    name: string;
    email: string | null;
    branch_name: string | null;
    state: AcceptanceStateName;
    due_on: string | null;
    version: number | null;
    language: PolicyLanguage | null;
    accepted_at: Date | string | null;
    reason: string | null;
  }>(
    `${JUDGED}
     SELECT j.id, j.name, j.email, j.branch_name, j.state, j.due_on::text, l.version, l.language, l.accepted_at, l.reason
       FROM judged j
       LEFT JOIN LATERAL (SELECT a.version, a.language, a.accepted_at, a.reason FROM policy_acceptances a
                           WHERE a.workspace_id = j.workspace_id AND a.policy_id = $2 AND a.user_id = j.id
                           ORDER BY a.accepted_at DESC, a.id DESC LIMIT 1) l ON true
      WHERE $9::text IS NULL OR j.state = $9::text
      ORDER BY j.first_key, j.last_key, j.id
      LIMIT $10 OFFSET $11`,
    [...judgedParams(workspaceId, policy, rule, query.state), query.pageSize, query.page * query.pageSize],
  );
  return rows.map((r) => ({
    userId: r.id,
    name: r.name,
    email: r.email,
    branchName: r.branch_name,
    state: r.state,
    dueOn: r.due_on,
    version: r.version,
    language: r.language,
    acceptedAt: r.accepted_at,
    reason: r.reason,
  }));
}

export interface AcceptanceRecord {
  userId: string;
  version: number;
  language: PolicyLanguage;
  acceptedAt: Date | string;
  day: string;
  reason: string | null;
}

/** Every acceptance of a published policy (of one person, or all), oldest first. */
export async function acceptances(
  tx: Sql,
  workspaceId: string,
  policyId: string,
  userId: string | null = null,
): Promise<AcceptanceRecord[]> {
  const rows = await tx.query<{
    user_id: string;
    version: number;
    language: PolicyLanguage;
    accepted_at: Date | string;
    day: string;
    reason: string | null;
  }>(
    `SELECT user_id, version, language, accepted_at, (accepted_at AT TIME ZONE 'UTC')::date::text AS day, reason
       FROM policy_acceptances WHERE workspace_id = $1 AND policy_id = $2 AND ($3::uuid IS NULL OR user_id = $3)
      ORDER BY accepted_at, id`,
    [workspaceId, policyId, userId],
  );
  return rows.map((r) => ({
    userId: r.user_id,
    version: r.version,
    language: r.language,
    acceptedAt: r.accepted_at,
    day: r.day,
    reason: r.reason,
  }));
}

export async function insertAcceptance(
  tx: Sql,
  workspaceId: string,
  row: {
    policyId: string;
    userId: string;
    cataloguePolicyId: string;
    version: number;
    language: PolicyLanguage;
    ip: string;
    recordedBy: string | null;
    reason: string | null;
  },
): Promise<{ accepted_at: Date | string }> {
  const [inserted] = await tx.query<{ accepted_at: Date | string }>(
    `INSERT INTO policy_acceptances (workspace_id, policy_id, user_id, catalogue_policy_id, version, language, ip, recorded_by, reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING accepted_at`,
    [
      workspaceId,
      row.policyId,
      row.userId,
      row.cataloguePolicyId,
      row.version,
      row.language,
      row.ip,
      row.recordedBy,
      row.reason,
    ],
  );
  return inserted;
}

export async function recordRead(
  tx: Sql,
  workspaceId: string,
  policyId: string,
  userId: string,
  version: number,
  language: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO policy_document_reads (workspace_id, policy_id, user_id, version, language) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
    [workspaceId, policyId, userId, version, language],
  );
}

export async function hasRead(
  tx: Sql,
  workspaceId: string,
  policyId: string,
  userId: string,
  version: number,
  language: string | null,
): Promise<boolean> {
  const rows = await tx.query(
    `SELECT 1 FROM policy_document_reads WHERE workspace_id = $1 AND policy_id = $2 AND user_id = $3 AND version = $4 AND ($5::text IS NULL OR language = $5)`,
    [workspaceId, policyId, userId, version, language],
  );
  return rows.length > 0;
}

/** A version's PDF; `owner` is the workspace whose file storage keeps it (its own policy), null for the catalogue's. */
export async function documentKey(
  tx: Sql,
  cataloguePolicyId: string,
  version: number,
  language: string,
): Promise<{ key: string; size: number; fileName: string; owner: string | null } | null> {
  const [row] = await tx.query<{ storage_key: string; size: string; file_name: string; owner: string | null }>(
    `SELECT d.storage_key, d.size, d.file_name, p.owner_workspace_id AS owner
       FROM catalogue_policy_documents d JOIN catalogue_policies p ON p.id = d.policy_id
      WHERE d.policy_id = $1 AND d.version = $2 AND d.language = $3 AND d.status = 'CONFIRMED'`,
    [cataloguePolicyId, version, language],
  );
  return row ? { key: row.storage_key, size: Number(row.size), fileName: row.file_name, owner: row.owner } : null;
}

export interface AcceptedVersion {
  policyId: string;
  cataloguePolicyId: string;
  title: string;
  version: number;
  language: PolicyLanguage;
  acceptedAt: Date | string;
  recordedForThem: boolean;
  /** The publication's current version (the last with a PDF); null once the policy is no longer published. */
  currentVersion: number | null;
}

/**
 * The policy versions one person accepted (their latest acceptance of each), the latest first: a page of them, or the
 * one version asked. Read from the acceptances themselves, which outlive the publication (docs/policies.md).
 */
export async function acceptedVersions(
  tx: Sql,
  workspaceId: string,
  userId: string,
  select: { offset: number; limit: number } | { policyId: string; version: number },
): Promise<AcceptedVersion[]> {
  const one = 'policyId' in select ? select : null;
  const rows = await tx.query<{
    policy_id: string;
    catalogue_policy_id: string;
    title: string;
    version: number;
    language: PolicyLanguage;
    accepted_at: Date | string;
    recorded: boolean;
    current_version: number | null;
  }>(
    `WITH latest AS (
       SELECT DISTINCT ON (a.policy_id, a.version) a.policy_id, a.catalogue_policy_id, a.version, a.language, a.accepted_at, a.id,
              a.recorded_by IS NOT NULL AS recorded
         FROM policy_acceptances a
        WHERE a.workspace_id = $1 AND a.user_id = $2 AND ($3::uuid IS NULL OR a.policy_id = $3) AND ($4::int IS NULL OR a.version = $4)
        ORDER BY a.policy_id, a.version, a.accepted_at DESC, a.id DESC
     )
     SELECT l.policy_id, l.catalogue_policy_id, p.title, l.version, l.language, l.accepted_at, l.recorded,
            CASE WHEN w.id IS NULL THEN NULL ELSE
              (SELECT max(d.version) FROM catalogue_policy_documents d WHERE d.policy_id = l.catalogue_policy_id AND d.status = 'CONFIRMED') END AS current_version
       FROM latest l
       JOIN catalogue_policies p ON p.id = l.catalogue_policy_id
       LEFT JOIN workspace_policies w ON w.workspace_id = $1 AND w.id = l.policy_id
      ORDER BY l.accepted_at DESC, l.id DESC
      LIMIT $5 OFFSET $6`,
    [
      workspaceId,
      userId,
      one?.policyId ?? null,
      one?.version ?? null,
      one ? 1 : (select as { limit: number }).limit,
      one ? 0 : (select as { offset: number }).offset,
    ],
  );
  return rows.map((r) => ({
    policyId: r.policy_id,
    cataloguePolicyId: r.catalogue_policy_id,
    title: r.title,
    version: r.version,
    language: r.language,
    acceptedAt: r.accepted_at,
    recordedForThem: r.recorded,
    currentVersion: r.current_version === null ? null : Number(r.current_version),
  }));
}

/** How many policy versions one person accepted. */
export async function countAcceptedVersions(tx: Sql, workspaceId: string, userId: string): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT DISTINCT policy_id, version FROM policy_acceptances WHERE workspace_id = $1 AND user_id = $2) v`,
    [workspaceId, userId],
  );
  return row?.n ?? 0;
}

/** The catalogue's readable policies (a confirmed PDF), each with this workspace's publication of it if any. */
export function cataloguePolicies(
  tx: Sql,
  workspaceId: string,
): Promise<
  {
    id: string;
    title: string;
    description: string;
    jurisdiction: string | null;
    version: number;
    languages: PolicyLanguage[] | null;
    workspace_policy_id: string | null;
    own: boolean;
  }[]
> {
  return tx.query(
    `SELECT p.id, p.title, p.description, j.name AS jurisdiction, cur.version, p.owner_workspace_id IS NOT NULL AS own,
            (SELECT json_agg(d.language ORDER BY d.language) FROM catalogue_policy_documents d
              WHERE d.policy_id = p.id AND d.version = cur.version AND d.status = 'CONFIRMED') AS languages,
            (SELECT w.id FROM workspace_policies w WHERE w.workspace_id = $1 AND w.catalogue_policy_id = p.id) AS workspace_policy_id
       FROM catalogue_policies p LEFT JOIN jurisdictions j ON j.id = p.jurisdiction_id
       JOIN LATERAL (SELECT max(d.version) AS version FROM catalogue_policy_documents d WHERE d.policy_id = p.id AND d.status = 'CONFIRMED') cur ON cur.version IS NOT NULL
      ORDER BY p.title`,
    [workspaceId],
  );
}

/** A catalogue policy, and whether any version of it can be read (a confirmed PDF). */
export async function cataloguePolicy(
  tx: Sql,
  cataloguePolicyId: string,
): Promise<{ id: string; title: string; readable: boolean } | null> {
  const [policy] = await tx.query<{ id: string; title: string; readable: boolean }>(
    `SELECT p.id, p.title, EXISTS (SELECT 1 FROM catalogue_policy_documents d WHERE d.policy_id = p.id AND d.status = 'CONFIRMED') AS readable
       FROM catalogue_policies p WHERE p.id = $1`,
    [cataloguePolicyId],
  );
  return policy ?? null;
}

export async function countBranches(tx: Sql, workspaceId: string, branchIds: readonly string[]): Promise<number> {
  const found = await tx.query<{ id: string }>(
    `SELECT id FROM branches WHERE workspace_id = $1 AND id = ANY($2::uuid[])`,
    [workspaceId, branchIds],
  );
  return found.length;
}

/** Publishes the policy (or changes its publication) with exactly these units; answers its id and whether it is new. */
export async function upsertPublication(
  tx: Sql,
  workspaceId: string,
  publication: {
    cataloguePolicyId: string;
    scope: string;
    daysToAccept: number;
    yearly: boolean;
    publishedBy: string;
    branchIds: readonly string[];
  },
): Promise<{ id: string; inserted: boolean }> {
  const [row] = await tx.query<{ id: string; inserted: boolean }>(
    `INSERT INTO workspace_policies (workspace_id, catalogue_policy_id, scope, days_to_accept, yearly, published_by)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (workspace_id, catalogue_policy_id) DO UPDATE
       SET scope = EXCLUDED.scope, days_to_accept = EXCLUDED.days_to_accept, yearly = EXCLUDED.yearly, updated_at = clock_timestamp()
     RETURNING id, (xmax = 0) AS inserted`,
    [
      workspaceId,
      publication.cataloguePolicyId,
      publication.scope,
      publication.daysToAccept,
      publication.yearly,
      publication.publishedBy,
    ],
  );
  await tx.query(`DELETE FROM workspace_policy_units WHERE workspace_id = $1 AND policy_id = $2`, [
    workspaceId,
    row.id,
  ]);
  if (publication.scope === 'UNITS') {
    await tx.query(
      `INSERT INTO workspace_policy_units (workspace_id, policy_id, branch_id) SELECT $1, $2, b FROM unnest($3::uuid[]) AS b`,
      [workspaceId, row.id, publication.branchIds],
    );
  }
  return row;
}

export async function personExists(tx: Sql, workspaceId: string, userId: string): Promise<boolean> {
  const rows = await tx.query(`SELECT 1 FROM users WHERE workspace_id = $1 AND id = $2`, [workspaceId, userId]);
  return rows.length > 0;
}

/** Locks the person's row: one acceptance at a time per person (a double tap records one row, not two). */
export async function lockPerson(tx: Sql, workspaceId: string, userId: string): Promise<void> {
  await tx.query(`SELECT 1 FROM users WHERE workspace_id = $1 AND id = $2 FOR UPDATE`, [workspaceId, userId]);
}

/** The person's acceptance of this version and language made within the last minute, if any (a retry, not a new one). */
export async function recentAcceptance(
  tx: Sql,
  workspaceId: string,
  key: { policyId: string; userId: string; version: number; language: string },
): Promise<{ accepted_at: Date | string } | null> {
  const [recent] = await tx.query<{ accepted_at: Date | string }>(
    `SELECT accepted_at FROM policy_acceptances WHERE workspace_id = $1 AND policy_id = $2 AND user_id = $3 AND version = $4 AND language = $5
        AND accepted_at > clock_timestamp() - interval '1 minute' ORDER BY accepted_at DESC LIMIT 1`,
    [workspaceId, key.policyId, key.userId, key.version, key.language],
  );
  return recent ?? null;
}
