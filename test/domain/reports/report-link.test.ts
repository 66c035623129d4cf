import { describe, expect, it } from 'vitest';
import { reportHref, reportLinkOf } from '../../../src/domain/reports/report-link';

const A = '11111111-2222-4333-8444-555555555555';
const B = '66666666-7777-4888-8999-aaaaaaaaaaaa';

describe('a report in the address', () => {
  it('writes the rows and each non-empty filter, and reads them back the same', () => {
    const link = { rows: 'course' as const, filters: { branchIds: [A], courseIds: [A, B], courseStatuses: ['COMPLETED' as const] } };
    const href = reportHref(link);
    expect(href).toBe(`/reports?rows=course&branchIds=${A}&courseIds=${A}%2C${B}&courseStatuses=COMPLETED`);
    expect(reportLinkOf(href.split('?')[1])).toEqual(link);
  });

  it('drops what the screen cannot use: ids that are not ids, states that do not exist, unknown keys', () => {
    expect(reportLinkOf(`rows=policy&policyIds=${A},nope,${A}&policyStatuses=ACCEPTED,DROP&branchIds=1%20OR%201=1&x=1`)).toEqual({
      rows: 'policy',
      filters: { policyIds: [A], policyStatuses: ['ACCEPTED'] },
    });
  });

  it('carries the certificates expiry filter: between two days, or within N days', () => {
    const link = { rows: 'course' as const, filters: { courseIds: [A], expires: { from: '2026-11-29', to: '2027-01-28' } } };
    const href = reportHref(link);
    expect(href).toBe(`/reports?rows=course&courseIds=${A}&expiresFrom=2026-11-29&expiresTo=2027-01-28`);
    expect(reportLinkOf(href.split('?')[1])).toEqual(link);
    expect(reportLinkOf('expiresWithinDays=60')).toEqual({ rows: 'both', filters: { expiresWithinDays: 60 } });
    // Not days, a range that ends before it starts, a count out of bounds: dropped.
    expect(reportLinkOf('rows=course&expiresFrom=soon&expiresWithinDays=-1')).toEqual({ rows: 'course', filters: {} });
    expect(reportLinkOf('rows=course&expiresFrom=2027-02-01&expiresTo=2027-01-01&expiresWithinDays=99999')).toEqual({ rows: 'course', filters: {} });
  });

  it('names no report when the address has neither rows nor a filter; a filter alone means both kinds of row', () => {
    expect(reportLinkOf('export=abc')).toBeNull();
    expect(reportLinkOf('rows=everything')).toBeNull();
    expect(reportLinkOf(`userStatuses=ACTIVE`)).toEqual({ rows: 'both', filters: { userStatuses: ['ACTIVE'] } });
  });
});
