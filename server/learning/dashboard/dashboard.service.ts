import type { ComplianceDashboard } from '../../../src/contracts/learning/dashboard.contract';
import { localDay } from '../../../src/domain/shared/date-time';
import type { Database } from '../../platform/db/database';
import type { Outcome } from '../../platform/refusal';
import { dateSettingsOf } from '../reports/report-cells';
import type { ReportActor } from '../reports/reports.service';
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
  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  async figures(actor: ReportActor, branchId: string | undefined): Promise<Outcome<ComplianceDashboard>> {
    const ws = actor.workspaceId;
    const scope: repo.DashboardScope = {
      workspaceId: ws,
      ...(actor.role === 'BRANCH_ADMIN' ? { scopeBranchId: actor.branchId } : {}),
      ...(branchId ? { branchId } : {}),
    };
    const now = this.now();
    const value = await this.db.tenant(ws, async (tx) => {
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
    return { ok: true, value };
  }
}
