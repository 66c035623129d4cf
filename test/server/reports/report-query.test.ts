import { describe, expect, it } from 'vitest';
import type { ReportDefinition } from '../../../src/contracts/learning/reports.contract';
import { ReportColumn, reportDate, reportFileName } from '../../../src/domain/reports/report-columns';
import { countQuery, pageQuery, sidesOf, storedPageQuery, storeKeysQuery } from '../../../server/learning/reports/report-query';

const WS = '11111111-1111-4111-8111-111111111111';
const UNIT = '22222222-2222-4222-8222-222222222222';
const settings = { now: new Date('2026-06-01T00:00:00Z'), zone: 'Asia/Kolkata' };
const def = (over: Partial<ReportDefinition> = {}): ReportDefinition => ({ columns: ['courseName'], filters: {}, isCourseInclude: true, isPolicyInclude: true, ...over });
/** Each `$n` the text names, and that every parameter is named (the database refuses one it is not told about). */
const placeholders = (q: { text: string; params: unknown[] }) => {
  const named = new Set([...q.text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
  expect([...named].sort((a, b) => a - b)).toEqual(q.params.map((_, i) => i + 1));
};

describe('the report query', () => {
  it('selects each column under its own name, and only the chosen ones', () => {
    for (const column of ReportColumn.options) {
      const q = pageQuery(def({ columns: [column] }), { workspaceId: WS }, settings, 1, 10);
      expect(q.text).toContain(`AS "${column}"`);
      for (const other of ReportColumn.options.filter((c) => c !== column)) expect(q.text).not.toContain(`AS "${other}"`);
      placeholders(q);
    }
  });

  it('passes every filter value as a parameter, never as text', () => {
    const evil = "x'); DROP TABLE users; --";
    const filters = {
      branchIds: [UNIT],
      departmentIds: [UNIT],
      courseIds: [UNIT],
      policyIds: [UNIT],
      userStatuses: ['ACTIVE' as const],
      courseStatuses: ['COMPLETED' as const],
      policyStatuses: ['ACCEPTED' as const],
      assigned: { from: '2026-01-01', to: '2026-02-01' },
      completed: { from: '2026-01-01' },
      accepted: { to: '2026-03-01' },
      courseVersion: 2,
      policyVersion: 3,
    };
    const q = pageQuery(def({ columns: ReportColumn.options, filters }), { workspaceId: WS }, { ...settings, zone: evil }, 2, 25);
    expect(q.text).not.toContain('DROP TABLE');
    expect(q.text).not.toContain(UNIT);
    expect(q.params).toContain(evil);
    for (const value of [[UNIT], ['ACTIVE'], ['COMPLETED'], ['ACCEPTED'], '2026-01-01', '2026-02-01', '2026-03-01', 2, 3, 25]) expect(q.params).toContainEqual(value);
    placeholders(q);
    placeholders(countQuery(def({ filters }), { workspaceId: WS }, settings));
    placeholders(storeKeysQuery(def({ filters }), { workspaceId: WS }, settings, UNIT));
    placeholders(storedPageQuery(def({ columns: ReportColumn.options, filters }), { workspaceId: WS }, settings, UNIT, 200, 100));
  });

  it("ANDs a business-unit admin's unit into both kinds of row, and a unit-less one sees nothing", () => {
    const scoped = countQuery(def({ filters: { branchIds: ['33333333-3333-4333-8333-333333333333'] } }), { workspaceId: WS, branchId: UNIT }, settings);
    expect(scoped.text.match(/u\.branch_id = \$\d+::uuid AND/g)).toHaveLength(2);
    expect(scoped.params).toContain(UNIT);
    const none = countQuery(def(), { workspaceId: WS, branchId: null }, settings);
    expect(none.text.match(/AND false\b/g)).toHaveLength(2);
    const admin = countQuery(def(), { workspaceId: WS }, settings);
    expect(admin.text).not.toMatch(/u\.branch_id = \$/);
  });

  it('cuts course rows to completed ones whose current certificate expires on the days asked, all as parameters', () => {
    const between = countQuery(def({ filters: { expires: { from: '2026-06-01', to: '2026-07-31' } } }), { workspaceId: WS }, settings);
    expect(between.text).toContain(`a.status = 'COMPLETED'`);
    expect(between.text).toMatch(/expires_on FROM course_completions cc[\s\S]*cc\.cycle = a\.cycle[\s\S]*ORDER BY cc\.completed_at DESC, cc\.id DESC LIMIT 1\) >= \$\d+::date/);
    expect(between.params).toEqual(expect.arrayContaining(['2026-06-01', '2026-07-31']));
    expect(between.text).not.toContain("'POLICY'");
    placeholders(between);
    const within = pageQuery(def({ filters: { expiresWithinDays: 60 } }), { workspaceId: WS }, settings, 1, 10);
    expect(within.text).toMatch(/AT TIME ZONE \$\d+\)::date \+ \$\d+::int/);
    expect(within.params).toContain(60);
    placeholders(within);
    expect(sidesOf(def({ filters: { expiresWithinDays: 0 } }))).toEqual({ course: true, policy: false });
  });

  it('keeps to the side a filter asks about', () => {
    expect(sidesOf(def())).toEqual({ course: true, policy: true });
    expect(sidesOf(def({ filters: { courseIds: [UNIT] } }))).toEqual({ course: true, policy: false });
    expect(sidesOf(def({ filters: { policyStatuses: ['PENDING'] } }))).toEqual({ course: false, policy: true });
    expect(sidesOf(def({ filters: { completed: { from: '2026-01-01' }, accepted: { from: '2026-01-01' } } }))).toEqual({ course: true, policy: true });
    expect(sidesOf(def({ isPolicyInclude: false, filters: { policyIds: [UNIT] } }))).toEqual({ course: false, policy: false });
    expect(sidesOf(def({ filters: { branchIds: [UNIT], userStatuses: ['ACTIVE'] } }))).toEqual({ course: true, policy: true });
  });

  it("writes dates in the workspace's format and zone, and names files after the report and the day", () => {
    expect(reportDate(new Date('2026-12-11T20:00:00Z'), 'Asia/Kolkata', 'day-month-year')).toBe('12 Dec 2026');
    expect(reportDate(new Date('2026-09-03T12:00:00Z'), 'Asia/Kolkata', 'day-month-year')).toBe('03 Sep 2026');
    expect(reportDate('2024-01-15', 'America/Toronto', 'iso')).toBe('2024-01-15');
    expect(reportDate(new Date('2026-12-12T02:00:00Z'), 'America/Toronto', 'iso')).toBe('2026-12-11');
    expect(reportDate(null, 'Asia/Kolkata', 'iso')).toBe('');
    expect(reportFileName('Audit: North & South / 2026', '2026-12-12', 'XLSX')).toBe('Audit-North-South-2026-2026-12-12.xlsx');
    expect(reportFileName('../../', '2026-12-12', 'CSV')).toBe('....-2026-12-12.csv');
  });
});
