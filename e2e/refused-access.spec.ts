import { expect as baseExpect, test } from './support/test';
import { api, ownWorkspace, seatCommittee, signIn, url } from './support/app';
import { atPhoneWidth, expectAccessible, expectOneH1 } from './support/accessibility';

// The machine this runs on may be shared and loaded: give each step room.
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test('an admin refused a committee route of a case: the answer is the 404 of no case, and the presiding officer sees the attempt in the access log', async ({
  browser,
}) => {
  test.setTimeout(600_000);

  // ---- Setup through the API: the committee this journey seats, and a case filed by an employee not on it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  // An Indian workspace of its own, whose committee no other journey seats.
  const own = await ownWorkspace(admin, { name: 'Refused', jurisdictionCode: 'IN', employees: 5 });
  const site = own.site;
  await signIn(admin, site, own.admin.email);
  const [presiding, member1, member2, external, filer] = own.employees;
  expect(filer, 'five employees: four to sit on the committee, one to file').toBeTruthy();
  await seatCommittee(admin, {
    name: 'Internal Committee',
    termStart: '2026-01-01',
    termEnd: '2028-12-31',
    members: [
      { userId: presiding.userId, role: 'PRESIDING_OFFICER', gender: 'WOMAN', senior: true },
      { userId: member1.userId, role: 'EMPLOYEE_MEMBER', gender: 'WOMAN' },
      { userId: member2.userId, role: 'EMPLOYEE_MEMBER', gender: 'MAN' },
      { userId: external.userId, role: 'EXTERNAL_MEMBER', gender: 'MAN' },
    ],
  });
  const filerContext = await browser.newContext();
  const filerPage = await filerContext.newPage();
  await signIn(filerPage, site, filer.email);
  const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const filerName = `${filer.firstName ?? ''} ${filer.lastName ?? ''}`.trim() || filer.email;
  const filed = await api<{ complaintId: string; caseNumber: string }>(filerPage, 'POST', '/case-api/api/complaints', {
    complainant: { name: filerName, email: filer.email },
    respondent: { name: 'The respondent' },
    incident: { details: 'Remarks at the weekly review, in front of the team.', date: lastWeek },
  });

  // ---- The admin asks for the case's clocks: refused as if no such case existed.
  const refused = await api<{ code: string; message: string }>(
    admin,
    'GET',
    `/case-api/api/complaints/${filed.complaintId}/deadlines`,
    undefined,
    404,
  );
  const none = await api<{ code: string; message: string }>(
    admin,
    'GET',
    '/case-api/api/complaints/00000000-0000-4000-8000-000000000000/deadlines',
    undefined,
    404,
  );
  expect(refused).toEqual(none);

  // ---- The presiding officer opens the case's access log and sees who tried what.
  const poContext = await browser.newContext();
  const po = await poContext.newPage();
  await signIn(po, site, presiding.email);
  await po.goto(url(site, `/complaints/${filed.complaintId}`));
  await expect(po.getByRole('heading', { level: 1, name: `Case ${filed.caseNumber}` })).toBeVisible();
  await po.getByRole('tab', { name: 'Access log' }).click();
  const log = po.getByRole('table', { name: 'Access log' });
  const row = log.getByRole('row').filter({ hasText: 'Case call refused (not theirs to make)' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('GET /api/complaints/{id}/deadlines, answered 404');
  await expect(row).toContainText('Asha Admin');
  await expectAccessible(po, 'Access log with a refused request');
  await expectOneH1(po, 'Access log with a refused request');
  await atPhoneWidth(po, 'Access log with a refused request');
});
