import type {
  CreatePolicyBody,
  NewVersionBody,
  PolicyDetails,
  PolicyLanguage,
  PolicySummary,
  ReviewBody,
  UpdatePolicyBody,
} from '../../../src/contracts/learning/catalogue.contract';
import type { UploadTicket } from '../../../src/contracts/learning/uploads.contract';
import { reviewDateProblem, translationStates } from '../../../src/domain/compliance/compliance-rules';
import { detectType } from '../../../src/domain/files/file-types';
import { sizeProblem, type UploadLimits } from '../../../src/domain/files/uploads';
import { isoDay } from '../../../src/domain/platform/contract-expiry';
import { MAIN_SITE_WORKSPACE_ID, type Database, type Sql } from '../../platform/db/database';
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors';
import type { DirectFileUrls } from '../../platform/signed-files';
import { tooLarge, wrongType } from '../files/files.service';
import { refusalError } from '../../platform/refusal';
import { audit } from '../../platform/audit';
import { auditCatalogue, type PlatformActor } from './catalogue-audit';

/** Who changes a policy: the platform admin (catalogue) or a workspace's admin (its own policy, `userId`). */
export type PolicyActor = PlatformActor & { userId?: string };

/** The catalogue's PDFs live in the file storage under the main site's id: they belong to no workspace. */
export const CATALOGUE_FILES = MAIN_SITE_WORKSPACE_ID;

const iso = (value: Date | string) => new Date(value).toISOString();

interface PolicyRow {
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

function toSummary(row: PolicyRow): PolicySummary {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    ownerName: row.owner_name,
    reviewDueOn: row.review_due_on,
    jurisdiction: row.j_id ? { id: row.j_id, code: row.j_code!, name: row.j_name!, country: row.j_country! } : null,
    currentVersion: row.current_version,
    translations: translationStates(row.current_version, row.documents),
    workspaceCount: row.workspace_count,
    updatedAt: iso(row.updated_at),
  };
}

/**
 * The catalogue's policies: versions, a PDF per language of each version, owner, reviews (docs/policies.md). With an
 * `owner` workspace the same calls serve that workspace's own policies (migration 0041): only its rows are found, its
 * PDFs live in its file storage and its changes go to its audit trail.
 */
export class CataloguePolicies {
  private readonly files: string;

  constructor(
    private readonly db: Database,
    private readonly urls: DirectFileUrls | undefined,
    private readonly limits: UploadLimits,
    private readonly owner: string | null = null,
  ) {
    this.files = owner ?? CATALOGUE_FILES;
  }

  async list(query: {
    page: number;
    pageSize: number;
    search?: string;
  }): Promise<{ items: PolicySummary[]; total: number }> {
    return this.db.system(async (tx) => {
      const rows = await tx.query<PolicyRow>(
        `${POLICY_SELECT} WHERE p.owner_workspace_id IS NOT DISTINCT FROM $4 AND ($1::text IS NULL OR p.title ILIKE '%' || $1 || '%') ORDER BY p.created_at DESC, p.id LIMIT $2 OFFSET $3`,
        [query.search || null, query.pageSize, query.page * query.pageSize, this.owner],
      );
      const [{ n }] = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM catalogue_policies p WHERE p.owner_workspace_id IS NOT DISTINCT FROM $2 AND ($1::text IS NULL OR p.title ILIKE '%' || $1 || '%')`,
        [query.search || null, this.owner],
      );
      return { items: rows.map(toSummary), total: n };
    });
  }

  async details(id: string): Promise<PolicyDetails> {
    return this.db.system((tx) => this.load(tx, id));
  }

  async create(actor: PolicyActor, body: CreatePolicyBody): Promise<PolicyDetails> {
    return this.db.system(async (tx) => {
      const country = await this.countryOf(tx, body.jurisdictionId ?? null);
      this.checkReviewDate(country, isoDay(new Date()), body.reviewDueOn, 'reviewDueOn');
      const [row] = await tx.query<{ id: string }>(
        `INSERT INTO catalogue_policies (title, description, jurisdiction_id, owner_name, review_due_on, owner_workspace_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [body.title, body.description ?? '', body.jurisdictionId ?? null, body.ownerName, body.reviewDueOn, this.owner],
      );
      await tx.query(
        `INSERT INTO catalogue_policy_versions (policy_id, version, change, summary, created_by) VALUES ($1, 1, 'MATERIAL', $2, $3)`,
        [row.id, body.summary || 'First version', this.author(actor)],
      );
      await this.audit(tx, actor, 'catalogue-policy.created', row.id, { title: body.title });
      return this.load(tx, row.id);
    });
  }

  async update(actor: PolicyActor, id: string, body: UpdatePolicyBody): Promise<PolicyDetails> {
    return this.db.system(async (tx) => {
      const before = await this.load(tx, id);
      const jurisdictionId =
        body.jurisdictionId === undefined ? (before.jurisdiction?.id ?? null) : body.jurisdictionId;
      const country = await this.countryOf(tx, jurisdictionId);
      const reviewDueOn = body.reviewDueOn ?? before.reviewDueOn;
      if (body.reviewDueOn !== undefined || body.jurisdictionId !== undefined)
        this.checkReviewDate(country, isoDay(new Date()), reviewDueOn, 'reviewDueOn');
      await tx.query(
        `UPDATE catalogue_policies SET title = $2, description = $3, jurisdiction_id = $4, owner_name = $5, review_due_on = $6, updated_at = clock_timestamp()
          WHERE id = $1`,
        [
          id,
          body.title ?? before.title,
          body.description ?? before.description,
          jurisdictionId,
          body.ownerName ?? before.ownerName,
          reviewDueOn,
        ],
      );
      await this.audit(tx, actor, 'catalogue-policy.updated', id, { changed: Object.keys(body) });
      return this.load(tx, id);
    });
  }

  /** A review that ends in a new version: every language is outdated until its PDF of the new version is given. */
  async newVersion(actor: PolicyActor, id: string, body: NewVersionBody): Promise<PolicyDetails> {
    return this.db.system(async (tx) => {
      await tx.query(`SELECT id FROM catalogue_policies WHERE id = $1 FOR UPDATE`, [id]);
      const before = await this.load(tx, id);
      this.checkReviewDate(before.jurisdiction?.country ?? null, isoDay(new Date()), body.nextReviewOn, 'nextReviewOn');
      const version = before.currentVersion + 1;
      await tx.query(
        `INSERT INTO catalogue_policy_versions (policy_id, version, change, summary, created_by) VALUES ($1, $2, $3, $4, $5)`,
        [id, version, body.change, body.summary, this.author(actor)],
      );
      await tx.query(
        `INSERT INTO catalogue_policy_reviews (policy_id, outcome, version, note, next_review_on, reviewed_by) VALUES ($1, 'NEW_VERSION', $2, $3, $4, $5)`,
        [id, version, body.summary, body.nextReviewOn, this.author(actor)],
      );
      await tx.query(`UPDATE catalogue_policies SET review_due_on = $2, updated_at = clock_timestamp() WHERE id = $1`, [
        id,
        body.nextReviewOn,
      ]);
      await this.audit(tx, actor, 'catalogue-policy.versioned', id, {
        version,
        change: body.change,
        summary: body.summary,
      });
      return this.load(tx, id);
    });
  }

  async reviewNoChange(actor: PolicyActor, id: string, body: ReviewBody): Promise<PolicyDetails> {
    return this.db.system(async (tx) => {
      const before = await this.load(tx, id);
      this.checkReviewDate(before.jurisdiction?.country ?? null, isoDay(new Date()), body.nextReviewOn, 'nextReviewOn');
      await tx.query(
        `INSERT INTO catalogue_policy_reviews (policy_id, outcome, version, note, next_review_on, reviewed_by) VALUES ($1, 'NO_CHANGE', $2, $3, $4, $5)`,
        [id, before.currentVersion, body.note ?? '', body.nextReviewOn, this.author(actor)],
      );
      await tx.query(`UPDATE catalogue_policies SET review_due_on = $2, updated_at = clock_timestamp() WHERE id = $1`, [
        id,
        body.nextReviewOn,
      ]);
      await this.audit(tx, actor, 'catalogue-policy.reviewed', id, {
        version: before.currentVersion,
        nextReviewOn: body.nextReviewOn,
      });
      return this.load(tx, id);
    });
  }

  async remove(actor: PolicyActor, id: string): Promise<void> {
    const keys = await this.db.system(async (tx) => {
      const before = await this.load(tx, id);
      if (before.workspaceCount > 0)
        throw conflict(`${before.workspaceCount} workspaces have published this policy: it cannot be deleted`);
      const keys = await tx.query<{ storage_key: string; pending_key: string | null }>(
        `SELECT storage_key, pending_key FROM catalogue_policy_documents WHERE policy_id = $1`,
        [id],
      );
      await tx.query(`DELETE FROM catalogue_policies WHERE id = $1`, [id]);
      await this.audit(tx, actor, 'catalogue-policy.deleted', id, { title: before.title });
      return keys.flatMap((k) => [k.storage_key, k.pending_key].filter((key): key is string => !!key));
    });
    if (this.urls) await Promise.all(keys.map((key) => this.urls!.remove(this.files, key)));
  }

  /** An upload URL for the current version's PDF in a language (a waiting upload of the same is replaced). */
  async issueUpload(
    actor: PolicyActor,
    policyId: string,
    language: PolicyLanguage,
    upload: { fileName: string; size: number },
  ): Promise<UploadTicket> {
    const urls = this.store();
    const problem = sizeProblem('PDF', upload.size, this.limits);
    if (problem) throw refusalError(tooLarge(problem));
    const maxBytes = this.limits.PDF;
    const ticket = await urls.uploadUrl(this.files, upload.fileName, { maxBytes, seconds: 3600, size: upload.size });
    const stale = await this.db.system(async (tx) => {
      const before = await this.load(tx, policyId);
      const [old] = await tx.query<{ status: string; storage_key: string; pending_key: string | null }>(
        `SELECT status, storage_key, pending_key FROM catalogue_policy_documents WHERE policy_id = $1 AND version = $2 AND language = $3`,
        [policyId, before.currentVersion, language],
      );
      if (!old) {
        await tx.query(
          `INSERT INTO catalogue_policy_documents (policy_id, version, language, storage_key, file_name) VALUES ($1, $2, $3, $4, $5)`,
          [policyId, before.currentVersion, language, ticket.key, upload.fileName],
        );
      } else if (old.status === 'PENDING') {
        await tx.query(
          `UPDATE catalogue_policy_documents SET storage_key = $4, file_name = $5 WHERE policy_id = $1 AND version = $2 AND language = $3`,
          [policyId, before.currentVersion, language, ticket.key, upload.fileName],
        );
      } else {
        // The confirmed copy keeps serving readers until the new one is confirmed.
        await tx.query(
          `UPDATE catalogue_policy_documents SET pending_key = $4, pending_name = $5 WHERE policy_id = $1 AND version = $2 AND language = $3`,
          [policyId, before.currentVersion, language, ticket.key, upload.fileName],
        );
      }
      await this.audit(tx, actor, 'catalogue-policy.upload-started', policyId, {
        version: before.currentVersion,
        language,
        fileName: upload.fileName,
      });
      return old ? (old.status === 'PENDING' ? old.storage_key : old.pending_key) : null;
    });
    if (stale) await urls.remove(this.files, stale);
    return {
      fileId: `${policyId}/${language}`,
      uploadUrl: ticket.url,
      method: 'PUT',
      headers: ticket.headers,
      expiresAt: ticket.expiresAt,
      maxBytes,
    };
  }

  /** Checks the uploaded bytes (a PDF by its magic number, within the limit) and makes it the language's copy. */
  async confirmUpload(actor: PolicyActor, policyId: string, language: PolicyLanguage): Promise<PolicyDetails> {
    const urls = this.store();
    const { version, key, name, replaces } = await this.db.system(async (tx) => {
      const before = await this.load(tx, policyId);
      const [doc] = await tx.query<{
        status: string;
        storage_key: string;
        pending_key: string | null;
        file_name: string;
        pending_name: string | null;
      }>(
        `SELECT status, storage_key, pending_key, file_name, pending_name FROM catalogue_policy_documents WHERE policy_id = $1 AND version = $2 AND language = $3`,
        [policyId, before.currentVersion, language],
      );
      if (!doc || (doc.status === 'CONFIRMED' && !doc.pending_key)) {
        throw new HttpError(
          409,
          'NOT_UPLOADED',
          'Nothing waits to be confirmed: ask for an upload URL and upload the PDF first.',
        );
      }
      return doc.status === 'PENDING'
        ? { version: before.currentVersion, key: doc.storage_key, name: doc.file_name, replaces: null }
        : {
            version: before.currentVersion,
            key: doc.pending_key!,
            name: doc.pending_name ?? doc.file_name,
            replaces: doc.storage_key,
          };
    });
    const stored = await urls.stat(this.files, key);
    if (!stored)
      throw new HttpError(
        409,
        'NOT_UPLOADED',
        'Nothing has been uploaded with this link yet: upload the PDF, then confirm.',
      );
    const refuse = async (error: HttpError) => {
      await urls.remove(this.files, key);
      await this.db.system(async (tx) => {
        if (replaces) {
          await tx.query(
            `UPDATE catalogue_policy_documents SET pending_key = NULL, pending_name = NULL WHERE policy_id = $1 AND version = $2 AND language = $3`,
            [policyId, version, language],
          );
        } else {
          await tx.query(
            `DELETE FROM catalogue_policy_documents WHERE policy_id = $1 AND version = $2 AND language = $3 AND status = 'PENDING'`,
            [policyId, version, language],
          );
        }
        await this.audit(tx, actor, 'catalogue-policy.upload-refused', policyId, {
          version,
          language,
          reason: error.message,
        });
      });
      throw error;
    };
    if (stored.size > this.limits.PDF)
      await refuse(refusalError(tooLarge(`The PDF is larger than the ${this.limits.PDF} bytes allowed.`)));
    const type = detectType(await urls.readHead(this.files, key));
    if (type !== 'application/pdf')
      await refuse(refusalError(wrongType('This file is not a PDF: upload the policy as a PDF.')));
    const details = await this.db.system(async (tx) => {
      await tx.query(
        `UPDATE catalogue_policy_documents SET storage_key = $4, file_name = $5, size = $6, status = 'CONFIRMED', confirmed_at = clock_timestamp(),
                pending_key = NULL, pending_name = NULL
          WHERE policy_id = $1 AND version = $2 AND language = $3`,
        [policyId, version, language, key, name, stored.size],
      );
      await tx.query(`UPDATE catalogue_policies SET updated_at = clock_timestamp() WHERE id = $1`, [policyId]);
      await this.audit(tx, actor, 'catalogue-policy.document-uploaded', policyId, {
        version,
        language,
        fileName: name,
        size: stored.size,
      });
      return this.load(tx, policyId);
    });
    if (replaces) await urls.remove(this.files, replaces);
    return details;
  }

  /** The author recorded on a version or review: the platform admin, or the workspace's admin. */
  private author(actor: PolicyActor): string | null {
    return actor.platformAdminId ?? actor.userId ?? null;
  }

  private async audit(
    tx: Sql,
    actor: PolicyActor,
    action: string,
    target: string,
    details: Record<string, unknown> = {},
  ): Promise<void> {
    if (!this.owner) return auditCatalogue(tx, actor, action, target, details);
    // The same event on the workspace's record: own-policy.created, own-policy.versioned, ...
    const ownAction = `own-policy${action.slice(action.indexOf('.'))}`;
    await audit(tx, {
      workspaceId: this.owner,
      actorUserId: actor.userId ?? null,
      action: ownAction,
      target,
      ip: actor.ip,
      details,
    });
  }

  private store(): DirectFileUrls {
    if (!this.urls) throw new HttpError(503, 'NO_FILE_STORAGE', 'This server has no file storage configured.');
    return this.urls;
  }

  private checkReviewDate(country: string | null, from: string, date: string, field: string): void {
    const problem = reviewDateProblem(country, from, date);
    if (problem) throw badRequest(problem, { [field]: problem });
  }

  private async countryOf(tx: Sql, jurisdictionId: string | null): Promise<string | null> {
    if (!jurisdictionId) return null;
    const [row] = await tx.query<{ country: string }>(`SELECT country FROM jurisdictions WHERE id = $1`, [
      jurisdictionId,
    ]);
    if (!row) throw badRequest('No such jurisdiction', { jurisdictionId: 'Choose a jurisdiction of the list' });
    return row.country;
  }

  private async load(tx: Sql, id: string): Promise<PolicyDetails> {
    const [row] = await tx.query<PolicyRow>(
      `${POLICY_SELECT} WHERE p.id = $1 AND p.owner_workspace_id IS NOT DISTINCT FROM $2`,
      [id, this.owner],
    );
    if (!row) throw notFound('No such policy');
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
    return {
      ...toSummary(row),
      versions: versions.map((v) => ({
        version: v.version,
        change: v.change,
        summary: v.summary,
        createdAt: iso(v.created_at),
        languages: documents.filter((d) => d.version === v.version).map((d) => d.language),
      })),
      documents: documents.map((d) => ({
        language: d.language,
        version: d.version,
        fileName: d.file_name,
        size: Number(d.size),
        uploadedAt: iso(d.confirmed_at),
      })),
      reviews: reviews.map((r) => ({
        outcome: r.outcome,
        version: r.version,
        note: r.note,
        nextReviewOn: r.next_review_on,
        reviewedAt: iso(r.reviewed_at),
      })),
      compliances,
    };
  }
}
