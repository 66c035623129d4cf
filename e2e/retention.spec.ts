import { expect as baseExpect, test, type Page } from './support/test';
import { api, ownWorkspace, publishWorkflow, shownDay, signIn, url } from './support/app';
import { atPhoneWidth, expectAccessible, expectOneH1 } from './support/accessibility';

// The machine this runs on may be shared and loaded: give each step room.
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/** The workspace's today: an Indian workspace's clocks count its local day (Asia/Kolkata), a day ahead of UTC after 18:30 UTC. */
const acmeToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
const day = (offset: number) =>
  new Date(Date.parse(`${acmeToday()}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

test('the admin sets retention periods; the presiding officer sees when a closed case will be purged, postpones it and places a legal hold', async ({
  browser,
}) => {
  test.setTimeout(300_000);

  // ---- Setup through the API: a published workflow, the Internal Committee, a case filed and closed as not upheld.
  const admin = await (await browser.newContext()).newPage();
  // An Indian workspace of its own (Asia/Kolkata, as Acme), whose retention periods, committee and default workflow
  // no other journey changes.
  const own = await ownWorkspace(admin, { name: 'Retention', jurisdictionCode: 'IN', employees: 5 });
  const site = own.site;
  await signIn(admin, site, own.admin.email);
  await publishWorkflow(admin, 'Retention', [{ kind: 'MEETING', name: 'Preliminary hearing' }]);
  const [presiding, member1, member2, external, complainant] = own.employees;
  const body = {
    name: 'Internal Committee',
    termStart: '2026-01-01',
    termEnd: '2028-12-31',
    members: [
      { userId: presiding.userId, role: 'PRESIDING_OFFICER', gender: 'WOMAN', senior: true },
      { userId: member1.userId, role: 'EMPLOYEE_MEMBER', gender: 'WOMAN' },
      { userId: member2.userId, role: 'EMPLOYEE_MEMBER', gender: 'MAN' },
      { userId: external.userId, role: 'EXTERNAL_MEMBER', gender: 'MAN' },
    ],
  };
  const committees = await api<{ items: { committeeId: string; branchId: string | null }[] }>(
    admin,
    'GET',
    '/case-api/api/committees',
  );
  const existing = committees.items.find((c) => c.branchId === null);
  if (existing) await api(admin, 'PUT', `/case-api/api/committees/${existing.committeeId}`, body);
  else await api(admin, 'POST', '/case-api/api/committees', { ...body, branchId: null });

  const employee = await (await browser.newContext()).newPage();
  await signIn(employee, site, complainant.email);
  const filed = await api<{ complaintId: string; caseNumber: string }>(employee, 'POST', '/case-api/api/complaints', {
    complainant: { name: `${complainant.firstName} ${complainant.lastName}`, email: complainant.email },
    incident: { details: 'Remarks about my appearance in the Monday meetings.', date: day(-7), witnesses: [] },
  });
  const po = await (await browser.newContext()).newPage();
  await signIn(po, site, presiding.email);
  await api(po, 'POST', `/case-api/api/complaints/${filed.complaintId}/close`, {
    outcome: 'NOT_UPHELD',
    summary: 'Not upheld after the inquiry.',
  });

  // ---- The admin sets the periods on the Retention screen, reached from the Internal Committee screen.
  await admin.goto(url(site, '/committees'));
  await admin.getByRole('link', { name: 'Retention of closed cases' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Retention of closed cases' })).toBeVisible();
  await expect(admin.getByText('Kept: never purged')).toHaveCount(5);
  await expectAccessible(admin, 'Retention settings');
  await expectOneH1(admin, 'Retention settings');
  await atPhoneWidth(admin, 'Retention settings');
  await admin.getByLabel('Purge cases closed as “Not upheld”').check();
  await admin.getByLabel('Days after closure (Not upheld)').fill('30');
  await admin.getByLabel('Purge cases closed as “Withdrawn”').check();
  await admin.getByLabel('Days after closure (Withdrawn)').fill('90');
  await admin.getByLabel('Warn the committee this many days before a purge').fill('14');
  await admin.getByRole('button', { name: 'Save retention periods' }).click();
  await expect(admin.getByText('Retention periods saved.')).toBeVisible();
  await expect(admin.getByText('Kept: never purged')).toHaveCount(3);
  await expectAccessible(admin, 'Retention settings, saved');
  await admin.reload();
  await expect(admin.getByLabel('Days after closure (Not upheld)')).toHaveValue('30');

  // ---- The presiding officer: the appeal window (90 days from today's decision) sets the date, not the 30 days.
  await po.goto(url(site, `/complaints/${filed.complaintId}`));
  await expect(po.getByRole('heading', { level: 1, name: `Case ${filed.caseNumber}` })).toBeVisible();
  const retention = po.getByRole('region', { name: 'Retention' });
  await expect(retention).toContainText(`Purged on ${shownDay(day(91))} unless held.`);
  await expect(retention).toContainText('appealed (POSH Act s.18, IN-10)');
  await expectAccessible(po, 'Case page with retention');
  await atPhoneWidth(po, 'Case page with retention');

  // Postpone: a day too far is refused by the server with the field named; a day within bounds moves the date.
  await retention.getByRole('button', { name: 'Postpone purge…' }).click();
  const postpone = po.getByRole('dialog', { name: 'Postpone the purge' });
  await postpone.getByLabel('Postpone to').fill(day(400));
  await postpone.getByLabel('Reason').fill('An appeal is pending before the appellate authority');
  await postpone.getByRole('button', { name: 'Postpone' }).click();
  await expect(postpone.getByText('A purge can be postponed at most 365 days ahead')).toBeVisible();
  await expectAccessible(po, 'Postpone dialog');
  await postpone.getByLabel('Postpone to').fill(day(120));
  await postpone.getByRole('button', { name: 'Postpone' }).click();
  await expect(postpone).toBeHidden();
  await expect(retention).toContainText(`Purged on ${shownDay(day(120))} unless held.`);
  await expect(retention).toContainText('“An appeal is pending before the appellate authority”');

  // The legal hold: the case is kept, with the reason.
  await retention.getByRole('switch', { name: 'Legal hold' }).click();
  const hold = po.getByRole('dialog', { name: 'Place a legal hold' });
  await hold.getByLabel('Reason').fill('Litigation notice from the respondent’s counsel');
  await hold.getByRole('button', { name: 'Place the hold' }).click();
  await expect(hold).toBeHidden();
  await expect(retention).toContainText('On legal hold: this case will not be purged until the hold is lifted.');
  await expect(retention).toContainText('“Litigation notice from the respondent’s counsel”');
  await expect(retention.getByRole('switch', { name: 'Legal hold' })).toBeChecked();
  await expect(retention.getByRole('button', { name: 'Postpone purge…' })).toHaveCount(0);
  await expectAccessible(po, 'Case page on legal hold');

  // Another committee member sees the state without the controls.
  const member = await (await browser.newContext()).newPage();
  await signIn(member, site, member1.email);
  await member.goto(url(site, `/complaints/${filed.complaintId}`));
  await expect(member.getByRole('region', { name: 'Retention' })).toContainText('On legal hold');
  await expect(member.getByRole('switch', { name: 'Legal hold' })).toHaveCount(0);
});
