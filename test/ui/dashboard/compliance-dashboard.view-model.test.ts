import { describe, expect, it } from 'vitest';
import type { DashboardApi } from '../../../src/application/dashboard/dashboard-api.port';
import type { ComplaintCounts, ComplaintStageCounts } from '../../../src/contracts/case/complaints.contract';
import type { LegalRules } from '../../../src/contracts/case/law.contract';
import type { ComplianceDashboard, DashboardQuery } from '../../../src/contracts/learning/dashboard.contract';
import { reportLinkOf } from '../../../src/domain/reports/report-link';
import { ComplianceDashboardViewModel } from '../../../src/ui/dashboard/compliance-dashboard.view-model';

const UNIT = '11111111-2222-4333-8444-555555555555';
const COURSE = '66666666-7777-4888-8999-aaaaaaaaaaaa';
const POLICY = '99999999-7777-4888-8999-aaaaaaaaaaaa';

const FIGURES: ComplianceDashboard = {
  asOf: '2026-11-29',
  scopedTo: null,
  training: { assigned: 8, completed: 2, overdue: 3, overdueLearners: 2 },
  byBusinessUnit: [
    { id: UNIT, name: 'Pune', assigned: 8, completed: 2, overdue: 3 },
    { id: null, name: 'No business unit', assigned: 0, completed: 0, overdue: 0 },
  ],
  byCourse: [{ id: COURSE, name: 'POSH', assigned: 8, completed: 2, overdue: 3 }],
  byPolicy: [{ id: POLICY, name: 'Conduct', total: 4, accepted: 3, overdue: 1 }],
  certificates: { until: '2027-01-28', total: 1, byCourse: [{ id: COURSE, name: 'POSH', expiring: 1 }] },
};

class FakeDashboardApi implements DashboardApi {
  asked: DashboardQuery[] = [];
  caseCalls = 0;
  async figures(query: DashboardQuery) {
    this.asked.push(query);
    return FIGURES;
  }
  async complaintCounts(): Promise<ComplaintCounts> {
    this.caseCalls += 1;
    throw new Error('403');
  }
  async complaintStageCounts(): Promise<ComplaintStageCounts> {
    this.caseCalls += 1;
    throw new Error('403');
  }
  async legalRules(): Promise<LegalRules> {
    this.caseCalls += 1;
    return {
      asOf: '2026-11-29',
      countries: ['IN'],
      rules: [
        {
          ruleId: 'IN-01',
          country: 'IN',
          title: 'A committee',
          status: 'MET',
          computed: { text: '', figures: {} },
          actionPath: '/committees',
          penalty: null,
        },
        {
          ruleId: 'IN-02',
          country: 'IN',
          title: 'A policy',
          status: 'NOT_MET',
          computed: { text: '', figures: {} },
          actionPath: '/policies',
          penalty: null,
        },
      ],
    };
  }
}

describe('the compliance dashboard view-model', () => {
  it('links each figure to the report filtered to it, with the header’s unit', async () => {
    const api = new FakeDashboardApi();
    const vm = new ComplianceDashboardViewModel(api);
    await vm.load({ complaints: false, rules: false, branchId: UNIT });
    expect(api.asked).toEqual([{ branchId: UNIT }]);
    expect(api.caseCalls).toBe(0);
    expect(vm.completionPercent).toBe(25);
    expect(vm.acceptancePercent).toBe(75);
    expect(reportLinkOf(vm.courses[0].doneHref!.split('?')[1])).toEqual({
      rows: 'course',
      filters: { branchIds: [UNIT], courseIds: [COURSE], courseStatuses: ['COMPLETED'] },
    });
    expect(reportLinkOf(vm.policies[0].lateHref!.split('?')[1])).toEqual({
      rows: 'policy',
      filters: { branchIds: [UNIT], policyIds: [POLICY], policyStatuses: ['OVERDUE'] },
    });
    expect(reportLinkOf(vm.overdueHref.split('?')[1])?.filters).toEqual({
      branchIds: [UNIT],
      courseStatuses: ['OVERDUE'],
    });
    // The certificates figure opens the report of the same days, in the header's unit.
    expect(reportLinkOf(vm.expiringHref.split('?')[1])).toEqual({
      rows: 'course',
      filters: { branchIds: [UNIT], expires: { from: '2026-11-29', to: '2027-01-28' } },
    });
    expect(reportLinkOf(vm.expiring[0].href.split('?')[1])?.filters).toEqual({
      branchIds: [UNIT],
      courseIds: [COURSE],
      expires: { from: '2026-11-29', to: '2027-01-28' },
    });
    // People with no unit have no report filter: their bar links nowhere.
    expect(vm.units[1].href).toBeNull();
  });

  it('hides the complaints’ part when the case API refuses it, and keeps the training figures', async () => {
    const api = new FakeDashboardApi();
    const vm = new ComplianceDashboardViewModel(api);
    await vm.load({ complaints: true, rules: true });
    expect(vm.status).toBe('ready');
    expect(api.asked).toEqual([{}]);
    expect(vm.complaints).toBeNull();
    expect(vm.stages).toBeNull();
    expect(vm.rulesNotMet.map((r) => r.ruleId)).toEqual(['IN-02']);
    expect(vm.figures?.training.assigned).toBe(8);
  });
});
