import type { PolicyLanguage } from '../../../src/contracts/learning/catalogue.contract';
import type { Sql } from '../../platform/db/database';

/**
 * The SQL of the catalogue's policies and of workspaces' own policies (docs/policies.md): `owner` is null for the
 * catalogue, else the workspace whose own policies alone are found.
 */

export interface PolicyRow {
  id: string;
  title: string;
  description: string;
  owner_name: string;
  review_due_on: string;
  updated_at: Date | string;
  j_id: string | null;
  j_code: string | null;
  j_name: string | null;
  j_country: string | null;
  current_version: number;
  documents: { version: number; language: string }[];
  workspace_count: number;
}

const POLICY_SELECT = `
  SELECT p.id, p.title, p.description, p.owner_name, p.review_due_on::text AS review_due_on, p.updated_at,
         j.id AS j_id, j.code AS j_code, j.name AS j_name, j.country AS j_country,
         (SELECT max(v.version) FROM catalogue_policy_versions v WHERE v.policy_id = p.id) AS current_version,
         (SELECT coalesce(json_agg(json_build_object('version', d.version, 'language', d.language)), '[]'::json)
            FROM catalogue_policy_documents d WHERE d.policy_id = p.id AND d.status = 'CONFIRMED') AS documents,
         (SELECT count(*)::int FROM workspace_policies w WHERE w.catalogue_policy_id = p.id) AS workspace_count
    FROM catalogue_policies p LEFT JOIN jurisdictions j ON j.id = p.jurisdiction_id`;

export async function policyPage(
  tx: Sql,
  owner: string | null,
  query: { page: number; pageSize: number; search?: string },
): Promise<{ rows: PolicyRow[]; total: number }> {
  const rows = await tx.query<PolicyRow>(
    `${POLICY_SELECT} WHERE p.owner_workspace_id IS NOT DISTINCT FROM $4 AND ($1::text IS NULL OR p.title ILIKE '%' || $1 || '%') ORDER BY p.created_at DESC, p.id LIMIT $2 OFFSET $3`,
    [query.search || null, query.pageSize, query.page * query.pageSize, owner],
  );
  const [{ n }] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM catalogue_policies p WHERE p.owner_workspace_id IS NOT DISTINCT FROM $2 AND ($1::text IS NULL OR p.title ILIKE '%' || $1 || '%')`,
    [query.search || null, owner],
  );
  return { rows, total: n };
}

/** The policy's row, if it is the owner's (the catalogue's when `owner` is null). */
export async function policyRow(tx: Sql, id: string, owner: string | null): Promise<PolicyRow | null> {
  const [row] = await tx.query<PolicyRow>(
    `${POLICY_SELECT} WHERE p.id = $1 AND p.owner_workspace_id IS NOT DISTINCT FROM $2`,
    [id, owner],
  );
  return row ?? null;
}

/** The policy's versions, confirmed documents, reviews and the compliances that name it. */
export async function policyHistory(tx: Sql, id: string) {
  const versions = await tx.query<{
    version: number;
    change: 'MATERIAL' | 'MINOR';
    summary: string;
    created_at: Date | string;
  }>(
    `SELECT version, change, summary, created_at FROM catalogue_policy_versions WHERE policy_id = $1 ORDER BY version DESC`,
    [id],
  );
  const documents = await tx.query<{
    version: number;
    language: PolicyLanguage;
    file_name: string;
    size: string;
    confirmed_at: Date | string;
  }>(
    `SELECT version, language, file_name, size, confirmed_at FROM catalogue_policy_documents WHERE policy_id = $1 AND status = 'CONFIRMED'
      ORDER BY version DESC, language`,
    [id],
  );
  const reviews = await tx.query<{
    outcome: 'NO_CHANGE' | 'NEW_VERSION';
    version: number;
    note: string;
    next_review_on: string;
    reviewed_at: Date | string;
  }>(
    `SELECT outcome, version, note, next_review_on::text AS next_review_on, reviewed_at FROM catalogue_policy_reviews WHERE policy_id = $1
      ORDER BY reviewed_at DESC`,
    [id],
  );
  const compliances = await tx.query<{ id: string; title: string }>(
    `SELECT c.id, c.title FROM compliance_policies cp JOIN compliances c ON c.id = cp.compliance_id WHERE cp.policy_id = $1 ORDER BY c.title`,
    [id],
  );
  return { versions, documents, reviews, compliances };
}

export async function jurisdictionCountry(tx: Sql, jurisdictionId: string): Promise<string | null> {
  const [row] = await tx.query<{ country: string }>(`SELECT country FROM jurisdictions WHERE id = $1`, [
    jurisdictionId,
  ]);
  return row?.country ?? null;
}

/** A new policy with its first version; answers its id. */
export async function insertPolicy(
  tx: Sql,
  policy: {
    title: string;
    description: string;
    jurisdictionId: string | null;
    ownerName: string;
    reviewDueOn: string;
    owner: string | null;
    summary: string;
    author: string | null;
  },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO catalogue_policies (title, description, jurisdiction_id, owner_name, review_due_on, owner_workspace_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [policy.title, policy.description, policy.jurisdictionId, policy.ownerName, policy.reviewDueOn, policy.owner],
  );
  await tx.query(
    `INSERT INTO catalogue_policy_versions (policy_id, version, change, summary, created_by) VALUES ($1, 1, 'MATERIAL', $2, $3)`,
    [row.id, policy.summary, policy.author],
  );
  return row.id;
}

export async function updatePolicy(
  tx: Sql,
  id: string,
  policy: {
    title: string;
    description: string;
    jurisdictionId: string | null;
    ownerName: string;
    reviewDueOn: string;
  },
): Promise<void> {
  await tx.query(
    `UPDATE catalogue_policies SET title = $2, description = $3, jurisdiction_id = $4, owner_name = $5, review_due_on = $6, updated_at = clock_timestamp()
      WHERE id = $1`,
    [id, policy.title, policy.description, policy.jurisdictionId, policy.ownerName, policy.reviewDueOn],
  );
}

export async function lockPolicy(tx: Sql, id: string): Promise<void> {
  await tx.query(`SELECT id FROM catalogue_policies WHERE id = $1 FOR UPDATE`, [id]);
}

export async function insertVersion(
  tx: Sql,
  id: string,
  version: { version: number; change: string; summary: string; author: string | null },
): Promise<void> {
  await tx.query(
    `INSERT INTO catalogue_policy_versions (policy_id, version, change, summary, created_by) VALUES ($1, $2, $3, $4, $5)`,
    [id, version.version, version.change, version.summary, version.author],
  );
}

/** A review (its outcome, the version it leaves current) and the next review's date on the policy. */
export async function insertReview(
  tx: Sql,
  id: string,
  review: {
    outcome: 'NO_CHANGE' | 'NEW_VERSION';
    version: number;
    note: string;
    nextReviewOn: string;
    author: string | null;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO catalogue_policy_reviews (policy_id, outcome, version, note, next_review_on, reviewed_by) VALUES ($1, $2, $3, $4, $5, $6)`,
    [id, review.outcome, review.version, review.note, review.nextReviewOn, review.author],
  );
  await tx.query(`UPDATE catalogue_policies SET review_due_on = $2, updated_at = clock_timestamp() WHERE id = $1`, [
    id,
    review.nextReviewOn,
  ]);
}

/** Deletes the policy (its rows go with it); answers the storage keys of its documents. */
export async function deletePolicy(tx: Sql, id: string): Promise<string[]> {
  const keys = await tx.query<{ storage_key: string; pending_key: string | null }>(
    `SELECT storage_key, pending_key FROM catalogue_policy_documents WHERE policy_id = $1`,
    [id],
  );
  await tx.query(`DELETE FROM catalogue_policies WHERE id = $1`, [id]);
  return keys.flatMap((k) => [k.storage_key, k.pending_key].filter((key): key is string => !!key));
}

export interface DocumentRow {
  status: string;
  storage_key: string;
  pending_key: string | null;
  file_name: string;
  pending_name: string | null;
}

export async function document(
  tx: Sql,
  key: { policyId: string; version: number; language: PolicyLanguage },
): Promise<DocumentRow | null> {
  const [doc] = await tx.query<DocumentRow>(
    `SELECT status, storage_key, pending_key, file_name, pending_name FROM catalogue_policy_documents WHERE policy_id = $1 AND version = $2 AND language = $3`,
    [key.policyId, key.version, key.language],
  );
  return doc ?? null;
}

/**
 * The upload waiting for the language's PDF of the version: a first one is the row's own key; a confirmed copy keeps
 * serving readers until the new one is confirmed (the pending key).
 */
export async function startUpload(
  tx: Sql,
  key: { policyId: string; version: number; language: PolicyLanguage },
  before: DocumentRow | null,
  upload: { storageKey: string; fileName: string },
): Promise<void> {
  const params = [key.policyId, key.version, key.language, upload.storageKey, upload.fileName];
  if (!before) {
    await tx.query(
      `INSERT INTO catalogue_policy_documents (policy_id, version, language, storage_key, file_name) VALUES ($1, $2, $3, $4, $5)`,
      params,
    );
  } else if (before.status === 'PENDING') {
    await tx.query(
      `UPDATE catalogue_policy_documents SET storage_key = $4, file_name = $5 WHERE policy_id = $1 AND version = $2 AND language = $3`,
      params,
    );
  } else {
    await tx.query(
      `UPDATE catalogue_policy_documents SET pending_key = $4, pending_name = $5 WHERE policy_id = $1 AND version = $2 AND language = $3`,
      params,
    );
  }
}

/** Forgets a refused upload: the pending key of a replacement, or the row of a first upload. */
export async function dropUpload(
  tx: Sql,
  key: { policyId: string; version: number; language: PolicyLanguage },
  replacement: boolean,
): Promise<void> {
  if (replacement) {
    await tx.query(
      `UPDATE catalogue_policy_documents SET pending_key = NULL, pending_name = NULL WHERE policy_id = $1 AND version = $2 AND language = $3`,
      [key.policyId, key.version, key.language],
    );
  } else {
    await tx.query(
      `DELETE FROM catalogue_policy_documents WHERE policy_id = $1 AND version = $2 AND language = $3 AND status = 'PENDING'`,
      [key.policyId, key.version, key.language],
    );
  }
}

export async function confirmDocument(
  tx: Sql,
  key: { policyId: string; version: number; language: PolicyLanguage },
  file: { storageKey: string; fileName: string; size: number },
): Promise<void> {
  await tx.query(
    `UPDATE catalogue_policy_documents SET storage_key = $4, file_name = $5, size = $6, status = 'CONFIRMED', confirmed_at = clock_timestamp(),
            pending_key = NULL, pending_name = NULL
      WHERE policy_id = $1 AND version = $2 AND language = $3`,
    [key.policyId, key.version, key.language, file.storageKey, file.fileName, file.size],
  );
  await tx.query(`UPDATE catalogue_policies SET updated_at = clock_timestamp() WHERE id = $1`, [key.policyId]);
}
