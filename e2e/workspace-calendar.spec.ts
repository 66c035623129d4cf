import { expect as baseExpect, test, type Page } from './support/test';
import { api, ownWorkspace, publishWorkflow, pickOption, seatCommittee, signIn, url } from './support/app';
import { atPhoneWidth, expectAccessible, expectOneH1 } from './support/accessibility';

// The machine this runs on may be shared and loaded: give each step room.
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

async function outbox(page: Page, to: string): Promise<{ subject: string; body: string }[]> {
  const tab = await page.context().newPage();
  try {
    await tab.goto(url('main', `/dev/outbox?format=json&to=${encodeURIComponent(to)}`));
    return JSON.parse((await tab.locator('body').textContent()) ?? '[]');
  } finally {
    await tab.close();
  }
}

test("the admin sets the workspace's time zone; a case's meeting invitation and its meetings list are in local time", async ({
  browser,
}) => {
  test.setTimeout(420_000);
  // An Indian workspace of its own: its time zone changes here, which no other journey may see happen to theirs.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const own = await ownWorkspace(admin, { name: 'Calendar', jurisdictionCode: 'IN', employees: 6 });
  const site = own.site;
  await signIn(admin, site, own.admin.email);

  // ---- Setup through the API: a published process, the committee, and a complaint filed by an employee.
  await publishWorkflow(admin, 'Calendar', [{ kind: 'MEETING', name: 'Hearing' }]);
  const [presiding, member1, member2, external, respondent, complainant] = own.employees;
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
  const employeeContext = await browser.newContext();
  const employee = await employeeContext.newPage();
  await signIn(employee, site, complainant.email);
  const filed = await api<{ complaintId: string; caseNumber: string }>(employee, 'POST', '/case-api/api/complaints', {
    complainant: { name: `${complainant.firstName} ${complainant.lastName}`, email: complainant.email },
    respondent: { name: 'The respondent', email: respondent.email },
    incident: {
      details: 'Remarks in the team meetings.',
      date: new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10),
    },
  });

  // ---- The admin's Calendar tab: the province suggests its zone, "now" is previewed in it, and it is saved.
  await admin.goto(url(site, '/organisation/settings?tab=calendar'));
  await expect(admin.getByRole('heading', { level: 1, name: 'Workspace settings' })).toBeVisible();
  const zone = admin.getByLabel('Time zone', { exact: true });
  await expect(admin.getByText('Asia/Kolkata'.replace('_', ' '))).toBeVisible();
  await expect(admin.getByText(/Now in this zone: \d{1,2} \w{3} \d{4}, .* IST/)).toBeVisible();
  await expectAccessible(admin, 'Workspace settings, Calendar');
  await expectOneH1(admin, 'Workspace settings, Calendar');
  await atPhoneWidth(admin, 'Workspace settings, Calendar');
  await admin.getByLabel('State or province', { exact: true }).click();
  await admin.getByLabel('State or province', { exact: true }).fill('Ontario');
  await pickOption(admin, 'Ontario (Canada)');
  await expect(admin.getByText('America/Toronto')).toBeVisible();
  await expect(admin.getByText(/Now in this zone: \d{1,2} \w{3} \d{4}, .* E[SD]T/)).toBeVisible();
  await expect(zone).toBeVisible();
  await admin.getByRole('button', { name: 'Save calendar' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Calendar saved.' })).toBeVisible();
  expect(await api(admin, 'GET', '/main-api/api/workspace/calendar')).toMatchObject({
    timeZone: 'America/Toronto',
    regionCode: 'CA-ON',
  });

  // ---- The presiding officer schedules a hearing at 6 in the morning, workspace time.
  const poContext = await browser.newContext();
  const po = await poContext.newPage();
  await signIn(po, site, presiding.email);
  await po.goto(url(site, `/complaints/${filed.complaintId}`));
  await expect(po.getByRole('heading', { level: 1, name: `Case ${filed.caseNumber}` })).toBeVisible();
  await po.getByRole('tab', { name: 'Meetings' }).click();
  const form = po.getByRole('form', { name: 'Schedule a meeting' });
  await expect(form.getByText('Times are the workspace’s: America/Toronto.')).toBeVisible();
  await form.getByLabel('Title').fill('Hearing of the complainant');
  await form.getByLabel('Agenda').fill('Hear the complainant');
  await form.getByLabel('Starts').fill('2026-12-02T06:00');
  await form.getByLabel('Ends').fill('2026-12-02T07:00');
  await form.getByLabel('Place or meeting link').fill('Room 4');
  await form.getByRole('combobox', { name: 'Guests' }).fill(member1.email);
  await po.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `<${member1.email}>` }).click();
  // Picked, the member shows by name, as one of the committee.
  await expect(form.getByText(`${member1.firstName} ${member1.lastName} · committee`)).toBeVisible();
  await form.getByRole('button', { name: 'Schedule and invite' }).click();
  await expect(po.getByText('Meeting scheduled: the guests have been sent an invitation.')).toBeVisible();
  // The list says it in the workspace's zone and order, as the mail does; the mail never prints the UTC instant.
  await expect(po.getByRole('region', { name: 'Meetings' })).toContainText(
    '2 Dec 2026, 6:00 a.m. EST to 7:00 a.m. EST · Room 4',
  );
  const invitation = (await outbox(po, member1.email)).find(
    (m) => m.subject === `Invitation: Hearing of the complainant (case ${filed.caseNumber})`,
  )!;
  expect(invitation.body).toContain('When: 2 Dec 2026, 6:00 a.m. EST to 7:00 a.m. EST');
  expect(invitation.body).not.toContain('2026-12-02T11:00');
  await expectAccessible(po, 'Meetings tab in local time');
  await atPhoneWidth(po, 'Meetings tab in local time');
});
