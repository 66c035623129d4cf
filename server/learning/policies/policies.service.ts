import type { PolicyLanguage } from '../../../src/contracts/learning/catalogue.contract';
import type {
  AcceptanceRow,
  AcceptedPolicy,
  MyPolicy,
  PolicyReading,
  PublishBody,
  RecordAcceptanceBody,
  WorkspacePolicy,
} from '../../../src/contracts/learning/policies.contract';
import {
  acceptanceState,
  lastMaterialVersion,
  readingLanguage,
  type AcceptanceState,
  type PolicyVersion,
} from '../../../src/domain/compliance/compliance-rules';
import { daysBetween } from '../../../src/domain/shared/calendar';
import { isoDay } from '../../../src/domain/platform/contract-expiry';
import { audit } from '../../platform/audit';
import { emitWebhookEvent } from '../../platform/webhooks/webhook-outbox';
import type { Database, Sql } from '../../platform/db/database';
import { ok, refuse, type Outcome } from '../../platform/refusal';
import type { DirectFileUrls } from '../../platform/signed-files';
import { CATALOGUE_FILES } from '../catalogue/catalogue-policies.service';
import * as repo from './policies.repository';
import { instantText } from '../../../src/domain/shared/date-time';
import { systemClock } from '../../platform/clock';
import type { Acting } from '../../platform/actor';

const noSuchPolicy = () => refuse('not-found', 'NOT_FOUND', 'No such policy');
const noSuchLanguage = () =>
  refuse('invalid', 'VALIDATION', 'This version cannot be read in that language', {
    language: 'Choose a language this version is given in',
  });
const noStorage = () => refuse('unavailable', 'NO_FILE_STORAGE', 'This server has no file storage configured.');
const later = (a: string, b: string) => (daysBetween(a, b) > 0 ? b : a);

/** The versions as the domain rule reads them: none comes out in this workspace before the workspace published the policy. */
function domainVersions(policy: repo.PublishedPolicy): PolicyVersion[] {
  return policy.versions.map((v) => ({
    version: v.version,
    change: v.change,
    publishedOn: later(v.day, policy.publishedDay),
  }));
}

function stateOf(
  policy: repo.PublishedPolicy,
  person: repo.Person,
  records: readonly repo.AcceptanceRecord[],
  today: string,
): AcceptanceState | null {
  return acceptanceState(
    domainVersions(policy),
    records.map((r) => ({ version: r.version, acceptedOn: r.day })),
    person.joinedOn,
    { daysToAccept: policy.daysToAccept, yearly: policy.yearly },
    today,
  );
}

const current = (policy: repo.PublishedPolicy) => policy.versions.at(-1) ?? null;

const acceptedOf = (row: repo.AcceptedVersion): AcceptedPolicy => ({
  policyId: row.policyId,
  title: row.title,
  version: row.version,
  language: row.language,
  acceptedAt: instantText(row.acceptedAt),
  recordedForThem: row.recordedForThem,
  currentVersion: row.currentVersion,
  documentPath: `/api/policy/accepted/${row.policyId}/${row.version}/document`,
});

/** A workspace's policies: publication, each person's reading and acceptance, and the admins' views (docs/policies.md). */
export class WorkspacePolicies {
  constructor(
    private readonly db: Database,
    private readonly urls: DirectFileUrls | undefined,
    private readonly today: () => string = () => isoDay(systemClock.now()),
  ) {}

  async catalogue(workspaceId: string) {
    return this.db.tenant(workspaceId, async (tx) => {
      const rows = await repo.cataloguePolicies(tx, workspaceId);
      return {
        items: rows.map((r) => ({
          cataloguePolicyId: r.id,
          title: r.title,
          description: r.description,
          jurisdiction: r.jurisdiction,
          currentVersion: r.version,
          languages: r.languages ?? [],
          workspacePolicyId: r.workspace_policy_id,
          own: r.own,
        })),
      };
    });
  }

  /** Publishes (or re-publishes with another scope and days) a catalogue policy in the workspace. */
  async publish(actor: Acting<'workspaceId' | 'userId' | 'ip'>, body: PublishBody): Promise<Outcome<WorkspacePolicy>> {
    const ws = actor.workspaceId;
    return this.db.tenant(ws, async (tx) => {
      const policy = await repo.cataloguePolicy(tx, body.cataloguePolicyId);
      if (!policy) return refuse('not-found', 'NOT_FOUND', 'No such policy in the catalogue');
      if (!policy.readable)
        return refuse(
          'conflict',
          'NO_DOCUMENT',
          'This policy has no PDF yet: it cannot be published until it can be read.',
        );
      const branchIds = [...new Set(body.branchIds ?? [])];
      if (body.scope === 'UNITS') {
        if (branchIds.length === 0)
          return refuse('invalid', 'VALIDATION', 'Choose at least one business unit', {
            branchIds: 'Choose at least one business unit',
          });
        if ((await repo.countBranches(tx, ws, branchIds)) !== branchIds.length)
          return refuse('not-found', 'NOT_FOUND', 'Business unit not found');
      } else if (branchIds.length > 0) {
        return refuse('invalid', 'VALIDATION', 'A policy for the whole workspace names no business unit', {
          branchIds: 'Leave empty for the whole workspace',
        });
      }
      const row = await repo.upsertPublication(tx, ws, {
        cataloguePolicyId: body.cataloguePolicyId,
        scope: body.scope,
        daysToAccept: body.daysToAccept,
        yearly: body.yearly,
        publishedBy: actor.userId,
        branchIds,
      });
      await audit(tx, {
        workspaceId: ws,
        actorUserId: actor.userId,
        action: row.inserted ? 'policy.published' : 'policy.publication-changed',
        target: row.id,
        ip: actor.ip,
        details: {
          title: policy.title,
          scope: body.scope,
          branchIds,
          daysToAccept: body.daysToAccept,
          yearly: body.yearly,
        },
      });
      const [published] = await repo.publishedPolicies(tx, ws, row.id);
      if (row.inserted)
        await emitWebhookEvent(tx, ws, 'policy.published', {
          policyId: row.id,
          version: published ? (current(published)?.version ?? null) : null,
        });
      return ok(await this.summarise(tx, ws, published));
    });
  }

  async list(workspaceId: string): Promise<{ items: WorkspacePolicy[] }> {
    return this.db.tenant(workspaceId, async (tx) => {
      const items: WorkspacePolicy[] = [];
      for (const policy of await repo.publishedPolicies(tx, workspaceId))
        items.push(await this.summarise(tx, workspaceId, policy));
      return { items };
    });
  }

  /** Each person in scope with their state, all of them (the CSV export and the compliance status read them whole). */
  async acceptanceRows(
    workspaceId: string,
    policyId: string,
  ): Promise<Outcome<{ policy: WorkspacePolicy; rows: AcceptanceRow[] }>> {
    return this.db.tenant(workspaceId, async (tx) => {
      const policy = await this.find(tx, workspaceId, policyId);
      if (!policy) return noSuchPolicy();
      const people = await repo.peopleInScope(tx, workspaceId, policy);
      const records = await repo.acceptances(tx, workspaceId, policyId);
      const byUser = groupBy(records);
      const today = this.today();
      const rows = people.map((person): AcceptanceRow => {
        const mine = byUser.get(person.id) ?? [];
        const state = stateOf(policy, person, mine, today);
        const last = mine.at(-1) ?? null;
        return {
          userId: person.id,
          name: person.name,
          email: person.email,
          branchName: person.branchName,
          state: state?.state ?? 'PENDING',
          version: last?.version ?? null,
          language: last?.language ?? null,
          acceptedAt: last ? instantText(last.acceptedAt) : null,
          recordedReason: last?.reason ?? null,
          dueOn: state && state.state !== 'ACCEPTED' ? state.dueOn : null,
        };
      });
      const counts = {
        inScope: rows.length,
        accepted: rows.filter((r) => r.state === 'ACCEPTED').length,
        overdue: rows.filter((r) => r.state === 'OVERDUE').length,
      };
      return ok({ policy: this.summary(policy, counts), rows });
    });
  }

  /**
   * One page of the people in a policy's scope with their acceptance state (in the state asked), and the policy with
   * its counts: the states are judged, filtered, counted and paged in the database.
   */
  async acceptancePage(
    workspaceId: string,
    policyId: string,
    query: { page: number; pageSize: number; state?: AcceptanceRow['state'] },
  ): Promise<
    Outcome<{ policy: WorkspacePolicy; items: AcceptanceRow[]; total: number; page: number; pageSize: number }>
  > {
    return this.db.tenant(workspaceId, async (tx) => {
      const policy = await this.find(tx, workspaceId, policyId);
      if (!policy) return noSuchPolicy();
      const rule = this.ruleOf(policy);
      const state = query.state ?? null;
      const counts = await repo.acceptanceCounts(tx, workspaceId, policy, rule, state);
      const rows = await repo.acceptancePage(tx, workspaceId, policy, rule, { ...query, state });
      const items = rows.map((r): AcceptanceRow => ({
        userId: r.userId,
        name: r.name,
        email: r.email,
        branchName: r.branchName,
        state: r.state,
        version: r.version,
        language: r.language,
        acceptedAt: r.acceptedAt === null ? null : instantText(r.acceptedAt),
        recordedReason: r.reason,
        dueOn: r.dueOn,
      }));
      return ok({
        policy: this.summary(policy, counts),
        items,
        total: counts.matching,
        page: query.page,
        pageSize: query.pageSize,
      });
    });
  }

  async personPolicies(workspaceId: string, userId: string): Promise<Outcome<{ items: MyPolicy[] }>> {
    return this.db.tenant(workspaceId, async (tx) => {
      if (!(await repo.personExists(tx, workspaceId, userId)))
        return refuse('not-found', 'NOT_FOUND', 'Person not found');
      return ok({ items: await this.policiesOf(tx, workspaceId, userId) });
    });
  }

  async mine(actor: Acting<'workspaceId' | 'userId' | 'ip'>): Promise<{ items: MyPolicy[] }> {
    return this.db.tenant(actor.workspaceId, async (tx) => ({
      items: await this.policiesOf(tx, actor.workspaceId, actor.userId),
    }));
  }

  async reading(
    actor: Acting<'workspaceId' | 'userId' | 'ip'>,
    policyId: string,
    asked: PolicyLanguage | null,
  ): Promise<Outcome<PolicyReading>> {
    return this.db.tenant(actor.workspaceId, async (tx) => {
      const reader = await this.forReader(tx, actor, policyId);
      if (!reader) return noSuchPolicy();
      const { policy, person, version } = reader;
      const served = readingLanguage(asked, version.languages)!;
      const mine = await repo.acceptances(tx, actor.workspaceId, policyId, actor.userId);
      const state = stateOf(policy, person, mine, this.today());
      const last = mine.at(-1) ?? null;
      return ok({
        id: policy.id,
        title: policy.title,
        description: policy.description,
        version: version.version,
        change: version.change,
        summary: version.summary,
        language: served.language,
        fallback: served.fallback,
        languages: version.languages,
        documentPath: `/api/policy/my/${policy.id}/document?language=${served.language}`,
        opened: await repo.hasRead(tx, actor.workspaceId, policyId, actor.userId, version.version, null),
        state: state?.state ?? 'PENDING',
        dueOn: state && state.state !== 'ACCEPTED' ? state.dueOn : null,
        acceptedVersion: last?.version ?? null,
        acceptedAt: last ? instantText(last.acceptedAt) : null,
      });
    });
  }

  /** The current version's PDF in a language; records that this person opened it (what accepting needs). */
  async document(
    actor: Acting<'workspaceId' | 'userId' | 'ip'>,
    policyId: string,
    asked: PolicyLanguage | null,
  ): Promise<Outcome<{ bytes: Uint8Array; fileName: string }>> {
    if (!this.urls) return noStorage();
    const found = await this.db.tenant(actor.workspaceId, async (tx) => {
      const reader = await this.forReader(tx, actor, policyId);
      if (!reader) return noSuchPolicy();
      const { policy, version } = reader;
      const served = readingLanguage(asked, version.languages)!;
      const doc = await repo.documentKey(tx, policy.cataloguePolicyId, version.version, served.language);
      if (!doc) return refuse('not-found', 'NOT_FOUND', 'No such document');
      await repo.recordRead(tx, actor.workspaceId, policyId, actor.userId, version.version, served.language);
      return ok(doc);
    });
    if (!found.ok) return found;
    const { key, size, fileName, owner } = found.value;
    const bytes = await this.urls.readRange(owner ?? CATALOGUE_FILES, key, 0, size);
    return ok({ bytes, fileName });
  }

  async accept(
    actor: Acting<'workspaceId' | 'userId' | 'ip'>,
    policyId: string,
    body: { version: number; language: PolicyLanguage },
  ) {
    return this.db.tenant(actor.workspaceId, async (tx) => {
      // One acceptance at a time per person (a double tap records one row, not two).
      await repo.lockPerson(tx, actor.workspaceId, actor.userId);
      const reader = await this.forReader(tx, actor, policyId);
      if (!reader) return noSuchPolicy();
      const { policy, version } = reader;
      if (body.version !== version.version) {
        return refuse(
          'conflict',
          'VERSION_CHANGED',
          `Version ${version.version} of this policy is now current: read it, then accept it.`,
          {
            version: `Version ${version.version} is current`,
          },
        );
      }
      if (!version.languages.includes(body.language)) return noSuchLanguage();
      if (!(await repo.hasRead(tx, actor.workspaceId, policyId, actor.userId, version.version, body.language))) {
        return refuse('conflict', 'NOT_OPENED', 'Open and read the policy before you accept it.');
      }
      const recent = await repo.recentAcceptance(tx, actor.workspaceId, {
        policyId,
        userId: actor.userId,
        version: version.version,
        language: body.language,
      });
      const row =
        recent ??
        (await repo.insertAcceptance(tx, actor.workspaceId, {
          policyId,
          userId: actor.userId,
          cataloguePolicyId: policy.cataloguePolicyId,
          version: version.version,
          language: body.language,
          ip: actor.ip,
          recordedBy: null,
          reason: null,
        }));
      if (!recent) {
        await audit(tx, {
          workspaceId: actor.workspaceId,
          actorUserId: actor.userId,
          action: 'policy.accepted',
          target: policyId,
          ip: actor.ip,
          details: { title: policy.title, version: version.version, language: body.language },
        });
        await emitWebhookEvent(tx, actor.workspaceId, 'policy.accepted', {
          userId: actor.userId,
          policyId,
          acceptedAt: instantText(row.accepted_at),
        });
      }
      return ok({ version: version.version, language: body.language, acceptedAt: instantText(row.accepted_at) });
    });
  }

  /** An admin records an acceptance for someone without a computer, with the reason. */
  async recordFor(actor: Acting<'workspaceId' | 'userId' | 'ip'>, policyId: string, body: RecordAcceptanceBody) {
    return this.db.tenant(actor.workspaceId, async (tx) => {
      const policy = await this.find(tx, actor.workspaceId, policyId);
      if (!policy) return noSuchPolicy();
      const [person] = await repo.peopleInScope(tx, actor.workspaceId, policy, body.userId);
      if (!person) return refuse('not-found', 'NOT_FOUND', 'This person is not in the policy’s scope');
      const version = current(policy);
      if (!version) return noSuchPolicy();
      if (!version.languages.includes(body.language)) return noSuchLanguage();
      const row = await repo.insertAcceptance(tx, actor.workspaceId, {
        policyId,
        userId: body.userId,
        cataloguePolicyId: policy.cataloguePolicyId,
        version: version.version,
        language: body.language,
        ip: actor.ip,
        recordedBy: actor.userId,
        reason: body.reason,
      });
      await audit(tx, {
        workspaceId: actor.workspaceId,
        actorUserId: actor.userId,
        action: 'policy.acceptance-recorded',
        target: body.userId,
        ip: actor.ip,
        details: {
          policyId,
          title: policy.title,
          version: version.version,
          language: body.language,
          reason: body.reason,
        },
      });
      await emitWebhookEvent(tx, actor.workspaceId, 'policy.accepted', {
        userId: body.userId,
        policyId,
        acceptedAt: instantText(row.accepted_at),
      });
      return ok({ version: version.version, language: body.language, acceptedAt: instantText(row.accepted_at) });
    });
  }

  /** "My policies": the versions this person accepted, the latest first, a page at a time. */
  async acceptedPage(
    actor: Acting<'workspaceId' | 'userId' | 'ip'>,
    page: number,
    pageSize: number,
  ): Promise<{ items: AcceptedPolicy[]; total: number; page: number; pageSize: number }> {
    return this.db.tenant(actor.workspaceId, async (tx) => {
      const rows = await repo.acceptedVersions(tx, actor.workspaceId, actor.userId, {
        offset: page * pageSize,
        limit: pageSize,
      });
      const total = await repo.countAcceptedVersions(tx, actor.workspaceId, actor.userId);
      return { items: rows.map(acceptedOf), total, page, pageSize };
    });
  }

  /** One version this person accepted, to read again; null unless they accepted it (so another's or another workspace's is not found). */
  async acceptedOne(
    actor: Acting<'workspaceId' | 'userId' | 'ip'>,
    policyId: string,
    version: number,
  ): Promise<AcceptedPolicy | null> {
    return this.db.tenant(actor.workspaceId, async (tx) => {
      const [row] = await repo.acceptedVersions(tx, actor.workspaceId, actor.userId, { policyId, version });
      return row ? acceptedOf(row) : null;
    });
  }

  /**
   * The PDF of a version this person accepted, in the language they accepted it in; null unless they accepted it.
   * Reading it again records nothing: the read that counts for accepting is of the current version (`document`).
   */
  async acceptedDocument(
    actor: Acting<'workspaceId' | 'userId' | 'ip'>,
    policyId: string,
    version: number,
  ): Promise<{ bytes: Uint8Array; fileName: string } | null | 'no-storage'> {
    if (!this.urls) return 'no-storage';
    const doc = await this.db.tenant(actor.workspaceId, async (tx) => {
      const [row] = await repo.acceptedVersions(tx, actor.workspaceId, actor.userId, { policyId, version });
      return row ? repo.documentKey(tx, row.cataloguePolicyId, row.version, row.language) : null;
    });
    if (!doc) return null;
    return {
      bytes: await this.urls.readRange(doc.owner ?? CATALOGUE_FILES, doc.key, 0, doc.size),
      fileName: doc.fileName,
    };
  }

  private async policiesOf(tx: Sql, workspaceId: string, userId: string): Promise<MyPolicy[]> {
    const today = this.today();
    const out: MyPolicy[] = [];
    for (const policy of await repo.publishedPolicies(tx, workspaceId)) {
      const version = current(policy);
      if (!version) continue;
      const [person] = await repo.peopleInScope(tx, workspaceId, policy, userId);
      if (!person) continue;
      const mine = await repo.acceptances(tx, workspaceId, policy.id, userId);
      const state = stateOf(policy, person, mine, today);
      const last = mine.at(-1) ?? null;
      out.push({
        id: policy.id,
        title: policy.title,
        currentVersion: version.version,
        state: state?.state ?? 'PENDING',
        dueOn: state && state.state !== 'ACCEPTED' ? state.dueOn : null,
        acceptedVersion: last?.version ?? null,
        acceptedAt: last ? instantText(last.acceptedAt) : null,
      });
    }
    // To accept first (the most urgent first), then the accepted.
    return out.sort(
      (a, b) =>
        Number(a.state === 'ACCEPTED') - Number(b.state === 'ACCEPTED') || (a.dueOn ?? '').localeCompare(b.dueOn ?? ''),
    );
  }

  /** A published policy the reader is in the scope of, with its current version; null for anything else. */
  private async forReader(tx: Sql, actor: Acting<'workspaceId' | 'userId' | 'ip'>, policyId: string) {
    const policy = await this.find(tx, actor.workspaceId, policyId);
    if (!policy) return null;
    const [person] = await repo.peopleInScope(tx, actor.workspaceId, policy, actor.userId);
    const version = current(policy);
    if (!person || !version) return null;
    return { policy, person, version };
  }

  private async find(tx: Sql, workspaceId: string, policyId: string): Promise<repo.PublishedPolicy | null> {
    const [policy] = await repo.publishedPolicies(tx, workspaceId, policyId);
    return policy ?? null;
  }

  private async summarise(tx: Sql, workspaceId: string, policy: repo.PublishedPolicy): Promise<WorkspacePolicy> {
    return this.summary(policy, await repo.acceptanceCounts(tx, workspaceId, policy, this.ruleOf(policy)));
  }

  /** What the database needs to judge everyone's state as `stateOf` judges one person's. */
  private ruleOf(policy: repo.PublishedPolicy): repo.AcceptanceRule {
    const material = lastMaterialVersion(domainVersions(policy));
    return {
      material: material && { version: material.version, publishedOn: material.publishedOn },
      daysToAccept: policy.daysToAccept,
      yearly: policy.yearly,
      today: this.today(),
    };
  }

  private summary(
    policy: repo.PublishedPolicy,
    counts: { inScope: number; accepted: number; overdue: number },
  ): WorkspacePolicy {
    return {
      id: policy.id,
      cataloguePolicyId: policy.cataloguePolicyId,
      title: policy.title,
      currentVersion: current(policy)?.version ?? 0,
      scope: policy.scope,
      branches: policy.branches,
      daysToAccept: policy.daysToAccept,
      yearly: policy.yearly,
      publishedAt: instantText(policy.publishedAt),
      inScope: counts.inScope,
      accepted: counts.accepted,
      overdue: counts.overdue,
    };
  }
}

function groupBy(records: readonly repo.AcceptanceRecord[]): Map<string, repo.AcceptanceRecord[]> {
  const map = new Map<string, repo.AcceptanceRecord[]>();
  for (const record of records) map.set(record.userId, [...(map.get(record.userId) ?? []), record]);
  return map;
}
