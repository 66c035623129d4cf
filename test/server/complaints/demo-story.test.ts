import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME_COMMITTEE, GLOBEX_RECIPIENT } from '../../../server/seed/case.seed';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';

const ACME = 'acme.localhost';
const GLOBEX = 'globex.localhost';

/** What `npm start`'s demo shows of complaints (README "Demo accounts"; server/seed/case.seed.ts). */
describe.each(DATABASES)('the demo complaint story on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => server?.close());

  const get = async (host: string, email: string, url: string) => {
    const token = await server.signIn(host, email);
    return server.request(host, { method: 'GET', url: `/case-api/api${url}`, token });
  };

  it('Acme: a sound Internal Committee (IN-02), the POSH process published with a draft next version, nothing to warn of', async () => {
    const committees = (await get(ACME, 'admin@acme.test', '/committees')).json();
    expect(committees.compliance).toBe('IN_POSH');
    expect(committees.items).toHaveLength(1);
    expect(committees.items[0]).toMatchObject({ kind: 'INTERNAL_COMMITTEE', warnings: [] });
    expect(committees.items[0].members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [ACME_COMMITTEE.presiding, 'PRESIDING_OFFICER'],
      [ACME_COMMITTEE.members[0], 'EMPLOYEE_MEMBER'],
      [ACME_COMMITTEE.members[1], 'EMPLOYEE_MEMBER'],
      [ACME_COMMITTEE.external, 'EXTERNAL_MEMBER'],
    ]);
    expect((await get(ACME, 'admin@acme.test', '/complaint-readiness')).json()).toEqual({
      processPublished: true,
      committeeConstituted: true,
      compliance: 'IN_POSH',
      casesWithoutCommittee: 0,
    });
    const [posh] = (await get(ACME, 'admin@acme.test', '/admin/workflow')).json().items;
    expect(posh).toMatchObject({
      workflowName: 'POSH redressal',
      publishedVersion: { versionNumber: 1 },
      draftCount: 1,
      versionCount: 2,
    });
  });

  it('Acme: three cases (new, in inquiry with a hearing, closed inside the appeal window) that only the committee opens', async () => {
    const list = (await get(ACME, ACME_COMMITTEE.presiding, '/complaints')).json().items;
    expect(
      list.map((c: { caseNumber: string; status: string; role: string }) => [c.caseNumber, c.status, c.role]),
    ).toEqual(
      expect.arrayContaining([
        ['C-0001', 'OPEN', 'COMMITTEE'],
        ['C-0002', 'OPEN', 'COMMITTEE'],
        ['C-0003', 'CLOSED', 'COMMITTEE'],
      ]),
    );
    const byNumber = (n: string) => list.find((c: { caseNumber: string }) => c.caseNumber === n).complaintId as string;
    const fresh = (await get(ACME, ACME_COMMITTEE.presiding, `/complaints/${byNumber('C-0001')}`)).json();
    expect(fresh.clocks.find((c: { id: string }) => c.id === 'IN_RESPONDENT_COPY')).toMatchObject({
      state: expect.stringMatching(/RUNNING|DUE_SOON/),
    });
    const inquiry = (await get(ACME, ACME_COMMITTEE.members[0], `/complaints/${byNumber('C-0002')}`)).json();
    expect(inquiry.meetings.map((m: { title: string }) => m.title)).toEqual(['Inquiry hearing']);
    expect(
      inquiry.steps.find((s: { name: string }) => s.name === 'Send the respondent a copy').completedAt,
    ).not.toBeNull();
    const closed = (await get(ACME, ACME_COMMITTEE.external, `/complaints/${byNumber('C-0003')}`)).json();
    expect(closed).toMatchObject({ status: 'CLOSED', outcome: 'UPHELD' });
    expect(closed.clocks.find((c: { id: string }) => c.id === 'IN_APPEAL_WINDOW')).toMatchObject({
      state: expect.stringMatching(/RUNNING|DUE_SOON/),
    });
    // The admin, the employer and the demo employee do not open them: counts only for the admins.
    for (const email of ['admin@acme.test', 'employer@acme.test', 'employee@acme.test']) {
      expect((await get(ACME, email, `/complaints/${byNumber('C-0002')}`)).statusCode).toBe(404);
    }
    expect((await get(ACME, 'employee@acme.test', '/complaints')).json().items).toEqual([]);
    expect((await get(ACME, 'admin@acme.test', '/complaint-counts')).json()).toMatchObject({
      total: 3,
      open: 2,
      closed: 1,
    });
    // The complainant of the case in inquiry sees it as hers.
    const mine = (await get(ACME, 'divya.gupta11@acme.test', '/complaints')).json().items;
    expect(mine.map((c: { caseNumber: string; role: string }) => [c.caseNumber, c.role])).toEqual([
      ['C-0002', 'COMPLAINANT'],
    ]);
  });

  it('Globex: a Canadian workspace with its designated recipient and the Canada process', async () => {
    const committees = (await get(GLOBEX, 'admin@globex.test', '/committees')).json();
    expect(committees).toMatchObject({
      compliance: 'CA_FEDERAL',
      items: [{ kind: 'DESIGNATED_RECIPIENTS', warnings: [] }],
    });
    expect(committees.items[0].members.map((m: { email: string }) => m.email)).toEqual([GLOBEX_RECIPIENT]);
    const form = (await get(GLOBEX, 'employee@globex.test', '/complaint-form')).json();
    expect(form).toMatchObject({
      workflowName: 'Harassment and violence resolution (Canada)',
      compliance: 'CA_FEDERAL',
      committeeConstituted: true,
    });
  });
});
