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

  it('names no report when the address has neither rows nor a filter; a filter alone means both kinds of row', () => {
    expect(reportLinkOf('export=abc')).toBeNull();
    expect(reportLinkOf('rows=everything')).toBeNull();
    expect(reportLinkOf(`userStatuses=ACTIVE`)).toEqual({ rows: 'both', filters: { userStatuses: ['ACTIVE'] } });
  });
});
