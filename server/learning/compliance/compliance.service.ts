import type { Compliance, Jurisdiction } from '../../../src/contracts/learning/catalogue.contract';
import type {
  CadenceRow,
  ComplianceStatus,
  DeclaredJurisdictions,
  Obligation,
} from '../../../src/contracts/learning/compliance.contract';
import type { WorkspacePolicy } from '../../../src/contracts/learning/policies.contract';
import {
  judgeCommittee,
  judgePolicies,
  judgeTraining,
  judgeUntracked,
  percent,
  type ObligationJudgement,
} from '../../../src/domain/compliance/compliance-status';
import { isoDay } from '../../../src/domain/platform/contract-expiry';
import type { Clock } from '../../platform/clock';
import type { Database, Sql } from '../../platform/db/database';
import { ok, refuse, type Outcome } from '../../platform/refusal';
import * as catalogue from '../catalogue/catalogue.repository';
import * as repo from './compliance.repository';
import type { WorkspacePolicies } from '../policies/policies.service';
import type { Acting } from '../../platform/actor';

/** CA-11 (training cadence) is Canada's: a workspace declaring Canada or any of its jurisdictions sees it. */
const isCanadian = (j: Jurisdiction) => j.country === 'CA';

/**
 * A workspace's compliance (docs/policies.md "Compliance status"): the jurisdictions it declares, and for each the
 * catalogue's obligations judged by the pure rules of src/domain/compliance/compliance-status.ts from the evidence
 * this database holds (training, policy acceptances, the Internal Committee of the case API's tables).
 */
export class WorkspaceCompliance {
  constructor(
    private readonly db: Database,
    private readonly policies: WorkspacePolicies,
    private readonly clock: Clock,
  ) {}

  private today(): string {
    return isoDay(this.clock.now());
  }

  async jurisdictions(workspaceId: string): Promise<DeclaredJurisdictions> {
    return this.db.tenant(workspaceId, (tx) => this.declaredAndChoices(tx, workspaceId));
  }

  async declare(
    actor: Acting<'workspaceId' | 'userId' | 'ip'>,
    jurisdictionIds: readonly string[],
  ): Promise<Outcome<DeclaredJurisdictions>> {
    const ids = [...new Set(jurisdictionIds)];
    return this.db.tenant(actor.workspaceId, async (tx) => {
      const known = new Set((await catalogue.jurisdictions(tx)).map((j) => j.id));
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length > 0)
        return refuse('invalid', 'VALIDATION', 'Unknown jurisdiction', {
          jurisdictionIds: `No jurisdiction ${unknown[0]}`,
        });
      const before = await repo.declaredJurisdictionIds(tx, actor.workspaceId);
      await repo.replaceDeclared(tx, actor, before, ids);
      return ok(await this.declaredAndChoices(tx, actor.workspaceId));
    });
  }

  async status(workspaceId: string): Promise<ComplianceStatus> {
    const today = this.today();
    // The policies' figures come from the policies area's own computation (its own transaction).
    const published = (await this.policies.list(workspaceId)).items;
    // The nearest acceptance due date of each publication still awaiting some (outside the transaction below: the
    // policies area opens its own, and one connection of the embedded database cannot hold two).
    const awaited = new Map<string, string | null>();
    for (const publication of published) {
      if (publication.accepted >= publication.inScope) continue;
      const acceptance = await this.policies.acceptanceRows(workspaceId, publication.id);
      // Unpublished since the list was read: nothing awaited.
      const rows = acceptance.ok ? acceptance.value.rows : [];
      awaited.set(
        publication.id,
        rows
          .map((r) => r.dueOn)
          .filter((d): d is string => !!d)
          .sort()[0] ?? null,
      );
    }
    return this.db.tenant(workspaceId, async (tx) => {
      const { declared } = await this.declaredAndChoices(tx, workspaceId);
      const people = await repo.activePeople(tx, workspaceId);
      const committee = await repo.workspaceCommittee(tx, workspaceId);
      const jurisdictions: ComplianceStatus['jurisdictions'] = [];
      for (const jurisdiction of declared) {
        const { items } = await catalogue.compliances(tx, { jurisdictionId: jurisdiction.id }, 0, 300);
        const obligations: Obligation[] = [];
        // The catalogue lists newest first; the page reads in the order the obligations were added.
        for (const compliance of [...items].reverse()) {
          obligations.push(
            await this.obligation(tx, workspaceId, compliance, { people, committee, published, awaited, today }),
          );
        }
        jurisdictions.push({ jurisdiction, obligations, trainingCadence: isCanadian(jurisdiction) });
      }
      return { asOf: today, people, jurisdictions };
    });
  }

  /**
   * CA-11 per person: hired (joining date, else account creation) plus 3 months, then every 3 years after the last
   * completion of a course that meets a training obligation of a declared Canadian jurisdiction. Late first.
   */
  async cadence(workspaceId: string, query: { page: number; pageSize: number; state?: CadenceRow['state'] }) {
    const today = this.today();
    return this.db.tenant(workspaceId, async (tx) => {
      const { declared } = await this.declaredAndChoices(tx, workspaceId);
      const canadian = declared.filter(isCanadian).map((j) => j.id);
      const titles = canadian.length ? await repo.trainingTitles(tx, canadian) : [];
      const { page, pageSize } = query;
      if (canadian.length === 0) return { items: [], page, pageSize, total: 0 };
      const { rows, total } = await repo.cadencePage(tx, workspaceId, titles, today, query);
      const items: CadenceRow[] = rows.map((r) => ({
        userId: r.id,
        name: r.name,
        email: r.email,
        hiredOn: r.hired_on,
        lastCompletedOn: r.last_completed_on,
        dueOn: r.due_on,
        state: r.state,
      }));
      return { items, page, pageSize, total };
    });
  }

  private async declaredAndChoices(tx: Sql, workspaceId: string): Promise<DeclaredJurisdictions> {
    const choices = await catalogue.jurisdictions(tx);
    const mine = new Set(await repo.declaredJurisdictionIds(tx, workspaceId));
    return { declared: choices.filter((j) => mine.has(j.id)), choices };
  }

  private async obligation(
    tx: Sql,
    workspaceId: string,
    compliance: Compliance,
    context: {
      people: number;
      committee: repo.WorkspaceCommittee | null;
      published: WorkspacePolicy[];
      awaited: Map<string, string | null>;
      today: string;
    },
  ): Promise<Obligation> {
    const base = {
      complianceId: compliance.id,
      title: compliance.title,
      description: compliance.description,
      kind: compliance.kind,
      category: compliance.category?.name ?? null,
      training: null,
      policies: null,
      committee: null,
    };
    const out = (judgement: ObligationJudgement, evidence: string, extra: Partial<Obligation> = {}): Obligation => ({
      ...base,
      ...extra,
      ...judgement,
      evidence,
    });

    if (compliance.kind === 'TRAINING') {
      const titles = compliance.courseTitles.map((t) => t.toLowerCase());
      const row = await repo.trainingEvidence(tx, workspaceId, titles);
      const courses = row.courses ?? [];
      const assignedPercent = percent(row.assigned, context.people);
      const completedPercent = percent(row.completed, row.assigned);
      const judgement = judgeTraining({
        people: context.people,
        courses: courses.length,
        assigned: row.assigned,
        completed: row.completed,
        nextDueOn: row.next_due,
      });
      const evidence = courses.length
        ? `${row.assigned} of ${context.people} people assigned (${assignedPercent} %), ${row.completed} completed (${completedPercent} % of those assigned)`
        : 'No course that meets it';
      return out(judgement, evidence, { training: { courses, assignedPercent, completedPercent } });
    }

    if (compliance.kind === 'POLICY') {
      const linked = compliance.policies.map((p) => {
        const publication = context.published.find((w) => w.cataloguePolicyId === p.id) ?? null;
        return { title: p.title, publication };
      });
      let nextDueOn: string | null = null;
      for (const { publication } of linked) {
        if (!publication || publication.accepted >= publication.inScope) continue;
        const due = context.awaited.get(publication.id) ?? null;
        if (due && (!nextDueOn || due < nextDueOn)) nextDueOn = due;
      }
      const published = linked.filter((l) => l.publication);
      const inScope = published.reduce((n, l) => n + l.publication!.inScope, 0);
      const accepted = published.reduce((n, l) => n + l.publication!.accepted, 0);
      const judgement = judgePolicies({
        linked: linked.length,
        published: published.length,
        inScope,
        accepted,
        nextDueOn,
      });
      const evidence = published.length
        ? `${accepted} of ${inScope} acceptances (${percent(accepted, inScope)} %)`
        : linked.length
          ? 'Not published'
          : 'No policy linked';
      return out(judgement, evidence, {
        policies: linked.map((l) => ({
          title: l.title,
          published: !!l.publication,
          inScope: l.publication?.inScope ?? 0,
          accepted: l.publication?.accepted ?? 0,
        })),
      });
    }

    if (compliance.kind === 'COMMITTEE') {
      const c = context.committee;
      const judgement = judgeCommittee(c, context.today);
      const evidence = c
        ? `${c.name}: ${c.members} ${c.members === 1 ? 'member' : 'members'}, term ${c.termStart} to ${c.termEnd}`
        : 'No committee';
      return out(judgement, evidence, { committee: c });
    }

    return out(judgeUntracked(compliance.kind), 'Not yet tracked');
  }
}
