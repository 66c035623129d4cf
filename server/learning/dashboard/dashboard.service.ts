import type { ComplianceDashboard } from '../../../src/contracts/learning/dashboard.contract';
import { localDay } from '../../../src/domain/shared/date-time';
import type { Database } from '../../platform/db/database';
import type { Outcome } from '../../platform/refusal';
import { dateSettingsOf } from '../reports/report-cells';
import type { Acting } from '../../platform/actor';
import * as repo from './dashboard.repository';

/** How far ahead certificates are counted as expiring. */
export const EXPIRY_WINDOW_DAYS = 60;

const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The compliance dashboard (docs/reports.md "The dashboard"): counts computed in the database over the report's
 * own rows, scoped as the report is (a business-unit admin: their unit, whatever the query narrows to).
 */
export class DashboardService {
  /**
   * The counts under way, by scope: a call that arrives while the same scope's figures are being counted waits for
   * that count instead of starting its own (at half a million assignments one count takes seconds, and twenty admins
   * opening their home at once would otherwise queue twenty of them). Nothing is kept once a count ends: the next call
   * counts afresh, so the figures are never older than the count the caller waited for.
   */
  private readonly counting = new Map<string, Promise<ComplianceDashboard>>();

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  async figures(
    actor: Acting<'workspaceId' | 'userId' | 'role' | 'branchId'>,
    branchId: string | undefined,
  ): Promise<Outcome<ComplianceDashboard>> {
    const scope: repo.DashboardScope = {
      workspaceId: actor.workspaceId,
      ...(actor.role === 'BRANCH_ADMIN' ? { scopeBranchId: actor.branchId } : {}),
      ...(branchId ? { branchId } : {}),
    };
    // The scope is the whole key: the workspace, the unit a business-unit admin is held to (a business-unit admin of
    // no unit, held to nothing, is not an admin held to no unit), the unit asked for.
    const held =
      scope.scopeBranchId === undefined
        ? 'whole workspace'
        : (scope.scopeBranchId ?? 'a business-unit admin of no unit');
    const key = JSON.stringify([scope.workspaceId, held, scope.branchId ?? 'every unit']);
    let count = this.counting.get(key);
    if (!count) {
      count = this.count(scope).finally(() => this.counting.delete(key));
      this.counting.set(key, count);
    }
    return { ok: true, value: await count };
  }

  private async count(scope: repo.DashboardScope): Promise<ComplianceDashboard> {
    const ws = scope.workspaceId;
    const now = this.now();
    return this.db.tenant(ws, async (tx) => {
      const dates = await dateSettingsOf(tx, ws);
      const today = localDay(now, dates.zone);
      const until = plusDays(today, EXPIRY_WINDOW_DAYS);
      const courses = await repo.courseFigures(tx, scope, now);
      const policies = await repo.policyFigures(tx, scope, now);
      const expiring = await repo.expiringCertificates(tx, scope, today, until);
      const scopedTo =
        scope.scopeBranchId !== undefined
          ? ((scope.scopeBranchId ? await repo.branchName(tx, ws, scope.scopeBranchId) : null) ?? 'No business unit')
          : null;
      const all = courses.find((r) => r.by === 'ALL');
      const figures = (r: repo.CourseGroupRow) => ({
        assigned: r.assigned,
        completed: r.completed,
        overdue: r.overdue,
      });
      return {
        asOf: today,
        scopedTo,
        training: {
          assigned: all?.assigned ?? 0,
          completed: all?.completed ?? 0,
          overdue: all?.overdue ?? 0,
          overdueLearners: all?.overdue_learners ?? 0,
        },
        byBusinessUnit: courses
          .filter((r) => r.by === 'UNIT')
          .map((r) => ({ id: r.id, name: r.name ?? 'No business unit', ...figures(r) })),
        byCourse: courses
          .filter((r) => r.by === 'COURSE')
          .map((r) => ({ id: r.id!, name: r.name ?? '', ...figures(r) })),
        byPolicy: policies,
        certificates: { until, total: expiring.reduce((n, r) => n + r.expiring, 0), byCourse: expiring },
      };
    });
  }
}
