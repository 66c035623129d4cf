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
import type { DirectFileUrls } from '../../platform/signed-files';
import { tooLarge, wrongType } from '../files/files.service';
import { ok, refuse, type Outcome, type Refusal } from '../../platform/refusal';
import { audit } from '../../platform/audit';
import { auditCatalogue } from './catalogue-audit';
import * as repo from './catalogue-policies.repository';
import { instantText } from '../../../src/domain/shared/date-time';
import { systemClock } from '../../platform/clock';
import type { Actor } from '../../platform/actor';

/** The catalogue's PDFs live in the file storage under the main site's id: they belong to no workspace. */
export const CATALOGUE_FILES = MAIN_SITE_WORKSPACE_ID;

const noSuchPolicy = () => refuse('not-found', 'NOT_FOUND', 'No such policy');
const noStorage = () => refuse('unavailable', 'NO_FILE_STORAGE', 'This server has no file storage configured.');

function toSummary(row: repo.PolicyRow): PolicySummary {
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
    updatedAt: instantText(row.updated_at),
  };
}

/** A review date the jurisdiction's rule refuses, as a refusal on the field; null when it is fine. */
function reviewDateRefusal(country: string | null, from: string, date: string, field: string): Refusal | null {
  const problem = reviewDateProblem(country, from, date);
  return problem ? refuse('invalid', 'VALIDATION', problem, { [field]: problem }) : null;
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
      const { rows, total } = await repo.policyPage(tx, this.owner, query);
      return { items: rows.map(toSummary), total };
    });
  }

  async details(id: string): Promise<Outcome<PolicyDetails>> {
    return this.db.system((tx) => this.loaded(tx, id));
  }

  async create(
    actor: Pick<Actor, 'platformAdminId' | 'userId' | 'ip'>,
    body: CreatePolicyBody,
  ): Promise<Outcome<PolicyDetails>> {
    return this.db.system(async (tx) => {
      const country = await this.countryOf(tx, body.jurisdictionId ?? null);
      if (!country.ok) return country;
      const late = reviewDateRefusal(country.value, isoDay(systemClock.now()), body.reviewDueOn, 'reviewDueOn');
      if (late) return late;
      const id = await repo.insertPolicy(tx, {
        title: body.title,
        description: body.description ?? '',
        jurisdictionId: body.jurisdictionId ?? null,
        ownerName: body.ownerName,
        reviewDueOn: body.reviewDueOn,
        owner: this.owner,
        summary: body.summary || 'First version',
        author: this.author(actor),
      });
      await this.audit(tx, actor, 'catalogue-policy.created', id, { title: body.title });
      return this.loaded(tx, id);
    });
  }

  async update(
    actor: Pick<Actor, 'platformAdminId' | 'userId' | 'ip'>,
    id: string,
    body: UpdatePolicyBody,
  ): Promise<Outcome<PolicyDetails>> {
    return this.db.system(async (tx) => {
      const before = await this.load(tx, id);
      if (!before) return noSuchPolicy();
      const jurisdictionId =
        body.jurisdictionId === undefined ? (before.jurisdiction?.id ?? null) : body.jurisdictionId;
      const country = await this.countryOf(tx, jurisdictionId);
      if (!country.ok) return country;
      const reviewDueOn = body.reviewDueOn ?? before.reviewDueOn;
      if (body.reviewDueOn !== undefined || body.jurisdictionId !== undefined) {
        const late = reviewDateRefusal(country.value, isoDay(systemClock.now()), reviewDueOn, 'reviewDueOn');
        if (late) return late;
      }
      await repo.updatePolicy(tx, id, {
        title: body.title ?? before.title,
        description: body.description ?? before.description,
        jurisdictionId,
        ownerName: body.ownerName ?? before.ownerName,
        reviewDueOn,
      });
      await this.audit(tx, actor, 'catalogue-policy.updated', id, { changed: Object.keys(body) });
      return this.loaded(tx, id);
    });
  }

  /** A review that ends in a new version: every language is outdated until its PDF of the new version is given. */
  async newVersion(
    actor: Pick<Actor, 'platformAdminId' | 'userId' | 'ip'>,
    id: string,
    body: NewVersionBody,
  ): Promise<Outcome<PolicyDetails>> {
    return this.db.system(async (tx) => {
      await repo.lockPolicy(tx, id);
      const before = await this.load(tx, id);
      if (!before) return noSuchPolicy();
      const late = reviewDateRefusal(
        before.jurisdiction?.country ?? null,
        isoDay(systemClock.now()),
        body.nextReviewOn,
        'nextReviewOn',
      );
      if (late) return late;
      const version = before.currentVersion + 1;
      await repo.insertVersion(tx, id, {
        version,
        change: body.change,
        summary: body.summary,
        author: this.author(actor),
      });
      await repo.insertReview(tx, id, {
        outcome: 'NEW_VERSION',
        version,
        note: body.summary,
        nextReviewOn: body.nextReviewOn,
        author: this.author(actor),
      });
      await this.audit(tx, actor, 'catalogue-policy.versioned', id, {
        version,
        change: body.change,
        summary: body.summary,
      });
      return this.loaded(tx, id);
    });
  }

  async reviewNoChange(
    actor: Pick<Actor, 'platformAdminId' | 'userId' | 'ip'>,
    id: string,
    body: ReviewBody,
  ): Promise<Outcome<PolicyDetails>> {
    return this.db.system(async (tx) => {
      const before = await this.load(tx, id);
      if (!before) return noSuchPolicy();
      const late = reviewDateRefusal(
        before.jurisdiction?.country ?? null,
        isoDay(systemClock.now()),
        body.nextReviewOn,
        'nextReviewOn',
      );
      if (late) return late;
      await repo.insertReview(tx, id, {
        outcome: 'NO_CHANGE',
        version: before.currentVersion,
        note: body.note ?? '',
        nextReviewOn: body.nextReviewOn,
        author: this.author(actor),
      });
      await this.audit(tx, actor, 'catalogue-policy.reviewed', id, {
        version: before.currentVersion,
        nextReviewOn: body.nextReviewOn,
      });
      return this.loaded(tx, id);
    });
  }

  async remove(actor: Pick<Actor, 'platformAdminId' | 'userId' | 'ip'>, id: string): Promise<Outcome<{ ok: true }>> {
    const removed = await this.db.system(async (tx): Promise<Outcome<string[]>> => {
      const before = await this.load(tx, id);
      if (!before) return noSuchPolicy();
      if (before.workspaceCount > 0)
        return refuse(
          'conflict',
          'CONFLICT',
          `${before.workspaceCount} workspaces have published this policy: it cannot be deleted`,
        );
      const keys = await repo.deletePolicy(tx, id);
      await this.audit(tx, actor, 'catalogue-policy.deleted', id, { title: before.title });
      return ok(keys);
    });
    if (!removed.ok) return removed;
    if (this.urls) await Promise.all(removed.value.map((key) => this.urls!.remove(this.files, key)));
    return ok({ ok: true });
  }

  /** An upload URL for the current version's PDF in a language (a waiting upload of the same is replaced). */
  async issueUpload(
    actor: Pick<Actor, 'platformAdminId' | 'userId' | 'ip'>,
    policyId: string,
    language: PolicyLanguage,
    upload: { fileName: string; size: number },
  ): Promise<Outcome<UploadTicket>> {
    const urls = this.urls;
    if (!urls) return noStorage();
    const problem = sizeProblem('PDF', upload.size, this.limits);
    if (problem) return tooLarge(problem);
    const maxBytes = this.limits.PDF;
    const ticket = await urls.uploadUrl(this.files, upload.fileName, { maxBytes, seconds: 3600, size: upload.size });
    const started = await this.db.system(async (tx): Promise<Outcome<string | null>> => {
      const before = await this.load(tx, policyId);
      if (!before) return noSuchPolicy();
      const key = { policyId, version: before.currentVersion, language };
      const old = await repo.document(tx, key);
      await repo.startUpload(tx, key, old, { storageKey: ticket.key, fileName: upload.fileName });
      await this.audit(tx, actor, 'catalogue-policy.upload-started', policyId, {
        version: before.currentVersion,
        language,
        fileName: upload.fileName,
      });
      return ok(old ? (old.status === 'PENDING' ? old.storage_key : old.pending_key) : null);
    });
    if (!started.ok) return started;
    if (started.value) await urls.remove(this.files, started.value);
    return ok({
      fileId: `${policyId}/${language}`,
      uploadUrl: ticket.url,
      method: 'PUT',
      headers: ticket.headers,
      expiresAt: ticket.expiresAt,
      maxBytes,
    });
  }

  /** Checks the uploaded bytes (a PDF by its magic number, within the limit) and makes it the language's copy. */
  async confirmUpload(
    actor: Pick<Actor, 'platformAdminId' | 'userId' | 'ip'>,
    policyId: string,
    language: PolicyLanguage,
  ): Promise<Outcome<PolicyDetails>> {
    const urls = this.urls;
    if (!urls) return noStorage();
    const waiting = await this.db.system(async (tx) => {
      const before = await this.load(tx, policyId);
      if (!before) return noSuchPolicy();
      const doc = await repo.document(tx, { policyId, version: before.currentVersion, language });
      if (!doc || (doc.status === 'CONFIRMED' && !doc.pending_key)) {
        return refuse(
          'conflict',
          'NOT_UPLOADED',
          'Nothing waits to be confirmed: ask for an upload URL and upload the PDF first.',
        );
      }
      return ok(
        doc.status === 'PENDING'
          ? { version: before.currentVersion, key: doc.storage_key, name: doc.file_name, replaces: null }
          : {
              version: before.currentVersion,
              key: doc.pending_key!,
              name: doc.pending_name ?? doc.file_name,
              replaces: doc.storage_key,
            },
      );
    });
    if (!waiting.ok) return waiting;
    const { version, key, name, replaces } = waiting.value;
    const stored = await urls.stat(this.files, key);
    if (!stored)
      return refuse(
        'conflict',
        'NOT_UPLOADED',
        'Nothing has been uploaded with this link yet: upload the PDF, then confirm.',
      );
    const discard = async (refusal: Refusal): Promise<Refusal> => {
      await urls.remove(this.files, key);
      await this.db.system(async (tx) => {
        await repo.dropUpload(tx, { policyId, version, language }, !!replaces);
        await this.audit(tx, actor, 'catalogue-policy.upload-refused', policyId, {
          version,
          language,
          reason: refusal.message,
        });
      });
      return refusal;
    };
    if (stored.size > this.limits.PDF)
      return discard(tooLarge(`The PDF is larger than the ${this.limits.PDF} bytes allowed.`));
    const type = detectType(await urls.readHead(this.files, key));
    if (type !== 'application/pdf') return discard(wrongType('This file is not a PDF: upload the policy as a PDF.'));
    const details = await this.db.system(async (tx) => {
      await repo.confirmDocument(
        tx,
        { policyId, version, language },
        { storageKey: key, fileName: name, size: stored.size },
      );
      await this.audit(tx, actor, 'catalogue-policy.document-uploaded', policyId, {
        version,
        language,
        fileName: name,
        size: stored.size,
      });
      return this.loaded(tx, policyId);
    });
    if (replaces) await urls.remove(this.files, replaces);
    return details;
  }

  /** The author recorded on a version or review: the platform admin, or the workspace's admin. */
  private author(actor: Pick<Actor, 'platformAdminId' | 'userId' | 'ip'>): string | null {
    return actor.platformAdminId ?? actor.userId ?? null;
  }

  private async audit(
    tx: Sql,
    actor: Pick<Actor, 'platformAdminId' | 'userId' | 'ip'>,
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

  private async countryOf(tx: Sql, jurisdictionId: string | null): Promise<Outcome<string | null>> {
    if (!jurisdictionId) return ok(null);
    const country = await repo.jurisdictionCountry(tx, jurisdictionId);
    if (!country)
      return refuse('invalid', 'VALIDATION', 'No such jurisdiction', {
        jurisdictionId: 'Choose a jurisdiction of the list',
      });
    return ok(country);
  }

  private async loaded(tx: Sql, id: string): Promise<Outcome<PolicyDetails>> {
    const details = await this.load(tx, id);
    return details ? ok(details) : noSuchPolicy();
  }

  /** The policy with its history, if it is this owner's; null otherwise. */
  private async load(tx: Sql, id: string): Promise<PolicyDetails | null> {
    const row = await repo.policyRow(tx, id, this.owner);
    if (!row) return null;
    const { versions, documents, reviews, compliances } = await repo.policyHistory(tx, id);
    return {
      ...toSummary(row),
      versions: versions.map((v) => ({
        version: v.version,
        change: v.change,
        summary: v.summary,
        createdAt: instantText(v.created_at),
        languages: documents.filter((d) => d.version === v.version).map((d) => d.language),
      })),
      documents: documents.map((d) => ({
        language: d.language,
        version: d.version,
        fileName: d.file_name,
        size: Number(d.size),
        uploadedAt: instantText(d.confirmed_at),
      })),
      reviews: reviews.map((r) => ({
        outcome: r.outcome,
        version: r.version,
        note: r.note,
        nextReviewOn: r.next_review_on,
        reviewedAt: instantText(r.reviewed_at),
      })),
      compliances,
    };
  }
}
