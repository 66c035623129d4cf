import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { DashboardApi } from '../../application/dashboard/dashboard-api.port';
import { describeError } from '../../application/shared/api-error';
import type { ComplaintCounts, ComplaintStageCounts } from '../../contracts/case/complaints.contract';
import type { LegalRule } from '../../contracts/case/law.contract';
import type { ComplianceDashboard } from '../../contracts/learning/dashboard.contract';
import { reportHref } from '../../domain/reports/report-link';

/** One bar of a chart and one line of its table: a group's rows, split by state, each count with its report's link. */
export interface DashboardBar {
  key: string;
  label: string;
  /** The group's whole report. */
  href: string | null;
  total: number;
  done: number;
  doneHref: string | null;
  late: number;
  lateHref: string | null;
  /** done of total, in whole percent (0 with no rows). */
  percent: number;
}

export interface ClockAtRisk {
  id: string;
  label: string;
  dueSoon: number;
  missed: number;
}

const percentOf = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((100 * part) / whole));

/**
 * The compliance dashboard of an admin's home (docs/reports.md "The dashboard"): the training and policy figures of
 * their scope, and, when the case process lets them see them, the complaints' counts and the law's rules not met.
 * Every figure carries the address of the report (or page) filtered to it.
 */
@injectable()
export class ComplianceDashboardViewModel {
  status: 'loading' | 'ready' | 'error' = 'loading';
  error: string | null = null;
  figures: ComplianceDashboard | null = null;
  /** null: not asked, or refused (this person may not see complaints' counts). */
  complaints: ComplaintCounts | null = null;
  /** Open cases by stage (small counts hidden as null); null like `complaints`. */
  stages: ComplaintStageCounts | null = null;
  rules: LegalRule[] | null = null;
  /** The business unit the header narrows to (its figures' links carry it too); null: the whole scope. */
  branchId: string | null = null;

  constructor(@inject(DashboardApi) private readonly api: DashboardApi) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async load(see: { complaints: boolean; rules: boolean; branchId?: string | null }): Promise<void> {
    this.status = 'loading';
    this.error = null;
    const branchId = see.branchId ?? null;
    // The case figures are extras: a refusal or failure hides their part and never the training figures.
    const quietly = <T>(ask: boolean, call: () => Promise<T>) =>
      ask ? call().catch(() => null) : Promise.resolve(null);
    try {
      const [figures, complaints, stages, rules] = await Promise.all([
        this.api.figures(branchId ? { branchId } : {}),
        quietly(see.complaints, () => this.api.complaintCounts()),
        quietly(see.complaints, () => this.api.complaintStageCounts()),
        quietly(see.rules, () => this.api.legalRules()),
      ]);
      runInAction(() => {
        this.figures = figures;
        this.branchId = branchId;
        this.complaints = complaints;
        this.stages = stages;
        this.rules = rules?.rules ?? null;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = describeError(error);
      });
    }
  }

  get completionPercent(): number {
    const t = this.figures?.training;
    return t ? percentOf(t.completed, t.assigned) : 0;
  }

  get acceptancePercent(): number {
    const policies = this.figures?.byPolicy ?? [];
    const total = policies.reduce((n, p) => n + p.total, 0);
    return percentOf(
      policies.reduce((n, p) => n + p.accepted, 0),
      total,
    );
  }

  /** The header's unit as a report filter. */
  private get unit(): { branchIds?: string[] } {
    return this.branchId ? { branchIds: [this.branchId] } : {};
  }

  get completedHref(): string {
    return reportHref({ rows: 'course', filters: { ...this.unit, courseStatuses: ['COMPLETED'] } });
  }

  get overdueHref(): string {
    return reportHref({ rows: 'course', filters: { ...this.unit, courseStatuses: ['OVERDUE'] } });
  }

  get acceptedHref(): string {
    return reportHref({ rows: 'policy', filters: { ...this.unit, policyStatuses: ['ACCEPTED'] } });
  }

  get units(): DashboardBar[] {
    return (this.figures?.byBusinessUnit ?? []).map((u) => {
      const link = (courseStatuses?: ('COMPLETED' | 'OVERDUE')[]) =>
        u.id
          ? reportHref({
              rows: 'course',
              filters: { branchIds: [u.id], ...(courseStatuses ? { courseStatuses } : {}) },
            })
          : null;
      return {
        key: u.id ?? 'none',
        label: u.name,
        href: link(),
        total: u.assigned,
        done: u.completed,
        doneHref: link(['COMPLETED']),
        late: u.overdue,
        lateHref: link(['OVERDUE']),
        percent: percentOf(u.completed, u.assigned),
      };
    });
  }

  get courses(): DashboardBar[] {
    return (this.figures?.byCourse ?? []).map((c) => {
      const link = (courseStatuses?: ('COMPLETED' | 'OVERDUE')[]) =>
        reportHref({
          rows: 'course',
          filters: { ...this.unit, courseIds: [c.id], ...(courseStatuses ? { courseStatuses } : {}) },
        });
      return {
        key: c.id,
        label: c.name,
        href: link(),
        total: c.assigned,
        done: c.completed,
        doneHref: link(['COMPLETED']),
        late: c.overdue,
        lateHref: link(['OVERDUE']),
        percent: percentOf(c.completed, c.assigned),
      };
    });
  }

  get policies(): DashboardBar[] {
    return (this.figures?.byPolicy ?? []).map((p) => {
      const link = (policyStatuses?: ('ACCEPTED' | 'OVERDUE')[]) =>
        reportHref({
          rows: 'policy',
          filters: { ...this.unit, policyIds: [p.id], ...(policyStatuses ? { policyStatuses } : {}) },
        });
      return {
        key: p.id,
        label: p.name,
        href: link(),
        total: p.total,
        done: p.accepted,
        doneHref: link(['ACCEPTED']),
        late: p.overdue,
        lateHref: link(['OVERDUE']),
        percent: percentOf(p.accepted, p.total),
      };
    });
  }

  /** The days the certificates' figure counts (today to the window's end): the report's expiry filter. */
  private get expiryWindow(): { from: string; to: string } | null {
    const f = this.figures;
    return f ? { from: f.asOf, to: f.certificates.until } : null;
  }

  /** The report of exactly the certificates the figure counts: the same days, not "N days from whenever it is opened". */
  get expiringHref(): string {
    const expires = this.expiryWindow;
    return reportHref({ rows: 'course', filters: { ...this.unit, ...(expires ? { expires } : {}) } });
  }

  /** Certificates expiring within the window, by course: each links to that course's expiring certificates. */
  get expiring(): { key: string; label: string; count: number; href: string }[] {
    const expires = this.expiryWindow ?? undefined;
    return (this.figures?.certificates.byCourse ?? []).map((c) => ({
      key: c.id,
      label: c.name,
      count: c.expiring,
      href: reportHref({
        rows: 'course',
        filters: { ...this.unit, courseIds: [c.id], ...(expires ? { expires } : {}) },
      }),
    }));
  }

  get rulesNotMet(): LegalRule[] {
    return (this.rules ?? []).filter((r) => r.status === 'NOT_MET' || r.status === 'AT_RISK');
  }

  /** Clocks of open cases due soon or missed: counts only. */
  get clocksAtRisk(): ClockAtRisk[] {
    return (this.complaints?.clocks ?? [])
      .filter((c) => c.dueSoon + c.missed > 0)
      .map((c) => ({ id: c.id, label: c.label, dueSoon: c.dueSoon, missed: c.missed }));
  }
}
