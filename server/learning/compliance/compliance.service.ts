import type { Compliance, Jurisdiction } from '../../../src/contracts/learning/catalogue.contract';
import type {
  CadenceRow,
  ComplianceStatus,
  DeclaredJurisdictions,
  Obligation,
} from '../../../src/contracts/learning/compliance.contract';
import type { WorkspacePolicy } from '../../../src/contracts/learning/policies.contract';
import { trainingCadence } from '../../../src/domain/compliance/compliance-rules';
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
import { badRequest } from '../../platform/errors';
import * as catalogue from '../catalogue/catalogue.repository';
import type { WorkspacePolicies } from '../policies/policies.service';

export interface ComplianceActor {
  workspaceId: string;
  userId: string;
  ip: string;
}

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

  async declare(actor: ComplianceActor, jurisdictionIds: readonly string[]): Promise<DeclaredJurisdictions> {
    const ids = [...new Set(jurisdictionIds)];
    return this.db.tenant(actor.workspaceId, async (tx) => {
      const known = new Set((await catalogue.jurisdictions(tx)).map((j) => j.id));
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length > 0)
        throw badRequest('Unknown jurisdiction', { jurisdictionIds: `No jurisdiction ${unknown[0]}` });
      const before = await tx.query<{ jurisdiction_id: string }>(
        `SELECT jurisdiction_id FROM workspace_jurisdictions WHERE workspace_id = $1`,
        [actor.workspaceId],
      );
      await tx.query(
        `DELETE FROM workspace_jurisdictions WHERE workspace_id = $1 AND NOT (jurisdiction_id = ANY($2::uuid[]))`,
        [actor.workspaceId, ids],
      );
      await tx.query(
        `INSERT INTO workspace_jurisdictions (workspace_id, jurisdiction_id, declared_by)
         SELECT $1, j, $3 FROM unnest($2::uuid[]) AS j ON CONFLICT DO NOTHING`,
        [actor.workspaceId, ids, actor.userId],
      );
      await tx.query(
        `INSERT INTO audit_events (workspace_id, actor_user_id, action, target, ip, details)
         VALUES ($1, $2, 'compliance.jurisdictions-declared', $6, $3, jsonb_build_object('from', $4::jsonb, 'to', $5::jsonb))`,
        [
          actor.workspaceId,
          actor.userId,
          actor.ip,
          JSON.stringify(before.map((r) => r.jurisdiction_id)),
          JSON.stringify(ids),
          actor.workspaceId,
        ],
      );
      return this.declaredAndChoices(tx, actor.workspaceId);
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
      const { rows } = await this.policies.acceptanceRows(workspaceId, publication.id);
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
      const people = await this.activePeople(tx, workspaceId);
      const committee = await this.committee(tx, workspaceId);
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
      const titles = canadian.length
        ? (
            await tx.query<{ title: string }>(
              `SELECT DISTINCT lower(t.title) AS title FROM compliance_course_titles t JOIN compliances m ON m.id = t.compliance_id
                WHERE m.kind = 'TRAINING' AND m.jurisdiction_id = ANY($1::uuid[])`,
              [canadian],
            )
          ).map((r) => r.title)
        : [];
      const people = await tx.query<{
        id: string;
        name: string;
        email: string | null;
        hired_on: string;
        completions: string[] | null;
      }>(
        `SELECT u.id, trim(u.first_name || ' ' || u.last_name) AS name, u.email,
                coalesce(u.date_of_joining, (u.created_at AT TIME ZONE 'UTC')::date)::text AS hired_on,
                (SELECT array_agg(d.day) FROM (
                   SELECT (a.completed_at AT TIME ZONE 'UTC')::date::text AS day
                     FROM course_assignments a JOIN courses c ON c.workspace_id = a.workspace_id AND c.id = a.course_id
                    WHERE a.workspace_id = u.workspace_id AND a.user_id = u.id AND a.completed_at IS NOT NULL AND lower(c.title) = ANY($2::text[])
                   UNION
                   SELECT (h.completed_at AT TIME ZONE 'UTC')::date::text
                     FROM course_assignment_history h JOIN courses c ON c.workspace_id = h.workspace_id AND c.id = h.course_id
                    WHERE h.workspace_id = u.workspace_id AND h.user_id = u.id AND h.completed_at IS NOT NULL AND lower(c.title) = ANY($2::text[])
                 ) d) AS completions
           FROM users u
          WHERE u.workspace_id = $1 AND u.status <> 'INACTIVE'
          ORDER BY lower(u.first_name), lower(u.last_name), u.id`,
        [workspaceId, titles],
      );
      const order = { OVERDUE: 0, DUE: 1, DONE: 2 } as const;
      const rows: CadenceRow[] = canadian.length
        ? people.map((p) => {
            const c = trainingCadence(p.hired_on, p.completions ?? [], today);
            return {
              userId: p.id,
              name: p.name,
              email: p.email,
              hiredOn: p.hired_on,
              lastCompletedOn: c.lastCompletedOn,
              dueOn: c.dueOn,
              state: c.state,
            };
          })
        : [];
      rows.sort((a, b) => order[a.state] - order[b.state] || a.dueOn.localeCompare(b.dueOn));
      const matching = query.state ? rows.filter((r) => r.state === query.state) : rows;
      const { page, pageSize } = query;
      return { items: matching.slice(page * pageSize, (page + 1) * pageSize), page, pageSize, total: matching.length };
    });
  }

  private async declaredAndChoices(tx: Sql, workspaceId: string): Promise<DeclaredJurisdictions> {
    const choices = await catalogue.jurisdictions(tx);
    const mine = new Set(
      (
        await tx.query<{ jurisdiction_id: string }>(
          `SELECT jurisdiction_id FROM workspace_jurisdictions WHERE workspace_id = $1`,
          [workspaceId],
        )
      ).map((r) => r.jurisdiction_id),
    );
    return { declared: choices.filter((j) => mine.has(j.id)), choices };
  }

  private async activePeople(tx: Sql, workspaceId: string): Promise<number> {
    const [row] = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE workspace_id = $1 AND status <> 'INACTIVE'`,
      [workspaceId],
    );
    return row.n;
  }

  /** The workspace-wide Internal Committee (IN-01), with its term and members. */
  private async committee(tx: Sql, workspaceId: string) {
    const [row] = await tx.query<{ name: string; term_start: string; term_end: string; members: number }>(
      `SELECT c.name, c.term_start::text, c.term_end::text,
              (SELECT count(*)::int FROM committee_members m WHERE m.workspace_id = c.workspace_id AND m.committee_id = c.id) AS members
         FROM committees c WHERE c.workspace_id = $1 AND c.branch_id IS NULL`,
      [workspaceId],
    );
    return row ? { name: row.name, termStart: row.term_start, termEnd: row.term_end, members: row.members } : null;
  }

  private async obligation(
    tx: Sql,
    workspaceId: string,
    compliance: Compliance,
    context: {
      people: number;
      committee: Awaited<ReturnType<WorkspaceCompliance['committee']>>;
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
      const [row] = await tx.query<{
        courses: string[] | null;
        assigned: number;
        completed: number;
        next_due: string | null;
      }>(
        `WITH c AS (SELECT id, title FROM courses WHERE workspace_id = $1 AND status = 'PUBLISHED' AND lower(title) = ANY($2::text[])),
              a AS (SELECT a.user_id, a.status, a.due_at FROM course_assignments a
                      JOIN users u ON u.workspace_id = a.workspace_id AND u.id = a.user_id AND u.status <> 'INACTIVE'
                     WHERE a.workspace_id = $1 AND a.course_id IN (SELECT id FROM c) AND a.unassigned_at IS NULL)
         SELECT (SELECT array_agg(DISTINCT title) FROM c) AS courses,
                (SELECT count(DISTINCT user_id)::int FROM a) AS assigned,
                (SELECT count(DISTINCT user_id)::int FROM a WHERE status = 'COMPLETED') AS completed,
                (SELECT min(due_at AT TIME ZONE 'UTC')::date::text FROM a WHERE status <> 'COMPLETED') AS next_due`,
        [workspaceId, titles],
      );
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
