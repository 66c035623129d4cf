import { expect as baseExpect, test, type Page } from './support/test';
import { api, ownWorkspace, publishWorkflow, seatCommittee, signIn, url } from './support/app';
import { atPhoneWidth, expectAccessible, expectOneH1 } from './support/accessibility';

// The machine this runs on may be shared and loaded: give each step room.
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

async function checkScreen(page: Page, name: string) {
  await expectAccessible(page, name);
  await expectOneH1(page, name);
  await atPhoneWidth(page, name);
}

/** Chooses an option of the open antd Select (its listbox's own options are hidden, for screen readers). */
const pick = (page: Page, text: string) => page.locator('.ant-select-item-option', { hasText: text }).first().click();

const day = (iso: string, add: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + add * 86_400_000).toISOString().slice(0, 10);
/** India's calendar as the workspace keeps it here: Sundays and the public holidays off. */
const isWorking = (iso: string, holidays: string[]) =>
  new Date(`${iso}T00:00:00Z`).getUTCDay() !== 0 && !holidays.includes(iso);
const nextWorking = (iso: string, holidays: string[]) => {
  let d = day(iso, 1);
  while (!isWorking(d, holidays)) d = day(d, 1);
  return d;
};

test('statutory clocks: days left, a holiday moves the deadline, a missed clock on the case and the figures; filing on someone’s behalf; denied access', async ({
  browser,
}) => {
  test.setTimeout(600_000);

  // ---- Setup through the API, as the admin: a published workflow, the Internal Committee, a plain calendar.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  // An Indian workspace of its own, whose holidays, committee and default workflow no other journey changes.
  const own = await ownWorkspace(admin, { name: 'Clocks', jurisdictionCode: 'IN', employees: 6 });
  const site = own.site;
  await signIn(admin, site, own.admin.email);
  await publishWorkflow(admin, 'Clocks', [
    { kind: 'MEETING', name: 'Preliminary hearing' },
    { kind: 'ACTION', name: 'Copy to respondent', actionTypes: ['INFORM_RESPONDENT'] },
  ]);
  const [presiding, member1, member2, external, respondent, complainant] = own.employees;
  expect(respondent, 'five employees to sit on the committee and to be complained about').toBeTruthy();
  const committee = {
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
  await seatCommittee(admin, committee);
  const settings = await api<{ defaultHolidays: string[] }>(admin, 'PUT', '/case-api/api/complaint-settings', {
    compliance: 'IN_POSH',
    extraHolidays: [],
    saturdayOff: false,
    removedHolidays: [],
  });

  // ---- An employee files a complaint (through the API: Raise a concern is e2e/complaints.spec.ts's).
  const employeeContext = await browser.newContext();
  const employee = await employeeContext.newPage();
  await signIn(employee, site, complainant.email);
  const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const filed = await api<{ complaintId: string; caseNumber: string; receivedOn: string }>(
    employee,
    'POST',
    '/case-api/api/complaints',
    {
      complainant: { name: `${complainant.firstName} ${complainant.lastName}`, email: complainant.email },
      respondent: { name: 'The respondent', email: respondent.email },
      incident: { details: 'Remarks in the team meetings, again and again.', date: lastWeek },
    },
  );
  const caseUrl = url(site, `/complaints/${filed.complaintId}`);

  // ---- The presiding officer sees the clocks with days left.
  const poContext = await browser.newContext();
  const po = await poContext.newPage();
  await signIn(po, site, presiding.email);
  await po.goto(caseUrl);
  await expect(po.getByRole('heading', { level: 1, name: `Case ${filed.caseNumber}` })).toBeVisible();
  const clocks = po.getByRole('region', { name: 'Statutory clocks' });
  const copyChip = clocks.locator('[data-clock="IN_RESPONDENT_COPY"]');
  // The due day as the workspace writes it (`2 Dec 2026`), never ISO; `data-due` keeps the ISO day to compare.
  await expect(copyChip).toContainText(/\d+ days left \(due \d{1,2} [A-Z][a-z]{2,3}\.? \d{4}\)/);
  const dueBefore = (await copyChip.getAttribute('data-due'))!;
  expect(dueBefore).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expect(po.getByRole('tab', { name: 'Denied access' })).toBeVisible();
  await checkScreen(po, 'Case page with its clocks');

  // ---- The admin adds a public holiday between today and the due day: the deadline moves by one working day.
  await admin.goto(url(site, '/committees'));
  await admin.getByRole('link', { name: 'Public holidays' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Public holidays' })).toBeVisible();
  await expect(admin.getByRole('table', { name: 'Public holidays' })).toContainText('National holiday');
  await checkScreen(admin, 'Public holidays');
  let holiday = nextWorking(filed.receivedOn, settings.defaultHolidays);
  expect(holiday <= dueBefore).toBe(true);
  await admin.getByLabel('Date').fill(holiday);
  await admin.getByRole('button', { name: 'Add holiday' }).click();
  await expect(admin.getByText(`${holiday} added`)).toBeVisible();
  await expect(admin.getByRole('table', { name: 'Public holidays' })).toContainText('Added by you');
  const dueAfter = nextWorking(dueBefore, [...settings.defaultHolidays, holiday]);
  await po.reload();
  await expect(
    po.getByRole('region', { name: 'Statutory clocks' }).locator('[data-clock="IN_RESPONDENT_COPY"]'),
  ).toHaveAttribute('data-due', dueAfter);
  // Taken out again, the deadline is back where it was.
  await admin.getByRole('button', { name: `Remove ${holiday}` }).click();
  await expect(admin.getByText(`${holiday} removed`)).toBeVisible();
  await po.reload();
  await expect(
    po.getByRole('region', { name: 'Statutory clocks' }).locator('[data-clock="IN_RESPONDENT_COPY"]'),
  ).toHaveAttribute('data-due', dueBefore);
  holiday = '';

  // ---- Thirty days on (the case is moved back, the daily job runs): the copy to the respondent is missed, and escalated.
  await api(admin, 'POST', '/case-api/api/admin/escalation-setting', {
    escalationType: 'STATUTORY_CLOCK',
    firstThresholdDate: 0,
    secondThresholdDate: 30,
    targetId: presiding.userId,
  });
  const run = await api<{ clocks: number; escalations: number }>(admin, 'POST', '/dev/case-daily', {
    complaintId: filed.complaintId,
    backdateDays: 30,
  });
  expect(run.escalations).toBeGreaterThan(0);
  await po.reload();
  await expect(
    po.getByRole('region', { name: 'Statutory clocks' }).locator('[data-clock="IN_RESPONDENT_COPY"]'),
  ).toContainText(/missed by \d+ days/);
  await expect(po.getByText(/^Missed: .*Send a copy of the complaint to the respondent/)).toBeVisible();
  await expect(po.getByRole('region', { name: 'Escalations' })).toContainText(
    /Level 1 on \d{1,2} [A-Z][a-z]{2,3}\.? \d{4}: .*respondent/,
  );
  await checkScreen(po, 'Case page with a missed clock');

  // The figures page counts it: numbers only, no case.
  await admin.goto(url(site, '/complaints/figures'));
  await expect(admin.getByRole('heading', { level: 1, name: 'Complaint figures' })).toBeVisible();
  const missedCard = admin.locator('.ant-card').filter({ hasText: 'With a missed clock' });
  await expect(missedCard.locator('.ant-statistic-content-value')).not.toHaveText('0');
  await expect(
    admin
      .locator('.ant-card')
      .filter({ hasText: /^Escalated\d/ })
      .locator('.ant-statistic-content-value'),
  ).not.toHaveText('0');
  await expect(admin.locator('section[aria-labelledby="figures-title"]')).not.toContainText(filed.caseNumber);
  await checkScreen(admin, 'Complaint figures');
  // On a phone each clock is a card, its numbers beside their column's name: no table scrolling sideways out of a
  // keyboard's reach (axe scrollable-region-focusable).
  await admin.setViewportSize({ width: 390, height: 844 });
  const clockTable = admin.getByRole('table', { name: 'Clocks of the open cases' });
  await expect(clockTable.locator('.ant-table-thead')).toBeHidden();
  await expect(clockTable.locator('td[data-label="Missed"]').first()).toBeVisible();
  await expectAccessible(admin, 'Complaint figures (390 px)');
  await admin.setViewportSize({ width: 1366, height: 850 });

  // ---- The presiding officer denies a committee member access: it takes effect at once, and the member sees "not found".
  await po.getByRole('tab', { name: 'Denied access' }).click();
  await po.getByLabel('Person to deny access').click();
  const member1Name = `${member1.firstName} ${member1.lastName}`.trim() || member1.email;
  await pick(po, member1Name);
  await po.getByLabel('Reason (kept in the case log)').fill('Works in the respondent’s team');
  await po.getByRole('button', { name: 'Deny access' }).click();
  await po.locator('.ant-popconfirm').getByRole('button', { name: 'Deny access' }).click();
  await expect(po.getByRole('region', { name: 'People denied access' })).toContainText(member1Name);
  await expectAccessible(po, 'Denied access');
  await atPhoneWidth(po, 'Denied access');
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signIn(member, site, member1.email);
  await member.goto(caseUrl);
  await expect(member.getByText('Complaint not found')).toBeVisible();
  await expect(member.getByText('Works in the respondent’s team')).toHaveCount(0);
  await memberContext.close();

  // ---- On someone's behalf: the presiding officer records what the employee told them; no clocks until they confirm.
  await po.goto(url(site, '/complaints'));
  await po.getByRole('link', { name: 'Record a complaint for someone' }).click();
  await expect(po.getByRole('heading', { level: 1, name: 'Record a complaint for someone' })).toBeVisible();
  await checkScreen(po, 'Record a complaint for someone');
  await po.getByLabel('Complainant', { exact: true }).fill(complainant.email.split('@')[0]);
  await pick(po, complainant.email);
  await po.getByLabel('Their name').fill('A manager');
  await po
    .getByLabel('What happened', { exact: true })
    .fill('Told me in person: a manager keeps commenting on her clothes.');
  await po.getByLabel('When it happened (the last time, if more than once)').fill(lastWeek);
  await po.getByRole('button', { name: 'Record and ask them to confirm' }).click();
  const recorded = po.getByRole('heading', { level: 1, name: /Recorded: case C-\d{4}/ });
  await expect(recorded).toBeVisible();
  const behalfNumber = /C-\d{4}/.exec((await recorded.textContent()) ?? '')![0];
  await po.getByRole('button', { name: 'Open the case' }).click();
  await expect(po.getByRole('heading', { level: 1, name: `Case ${behalfNumber}` })).toBeVisible();
  await expect(po.getByText('Waiting for the complainant’s confirmation')).toBeVisible();
  await expect(po.getByText('No clock runs until the complainant confirms the complaint.')).toBeVisible();
  const behalfUrl = po.url();

  // The employee sees it waiting, and confirms it on the case.
  await employee.goto(url(site, '/complaints'));
  await expect(employee.getByRole('region', { name: 'Complaints to confirm' })).toContainText(behalfNumber);
  await employee.goto(behalfUrl);
  await expect(
    employee.getByText('A committee member recorded this complaint for you: please check it and confirm it'),
  ).toBeVisible();
  await checkScreen(employee, 'Case waiting for confirmation');
  await employee.getByRole('button', { name: 'Confirm this complaint' }).click();
  await expect(employee.getByText(/Confirmed: the committee goes ahead/)).toBeVisible();
  await expect(employee.getByRole('button', { name: 'Confirm this complaint' })).toHaveCount(0);

  // ---- Interim relief and conciliation, each its own event: the complainant asks, the committee decides.
  await employee.getByRole('button', { name: 'Ask for interim relief' }).click();
  await employee.getByLabel('Relief asked').click();
  await pick(employee, 'Transfer the respondent');
  await employee.getByLabel('Why it is needed').fill('He sits next to me every day.');
  await employee.getByRole('button', { name: 'Send the request' }).click();
  await expect(employee.getByRole('region', { name: 'Case events' })).toContainText(
    'Interim relief asked: transfer respondent',
  );
  await employee.getByRole('button', { name: 'Ask for conciliation' }).first().click();
  await employee.getByRole('button', { name: 'Ask for conciliation' }).last().click();
  await expect(employee.getByRole('region', { name: 'Case events' })).toContainText(
    'The complainant asked for conciliation',
  );
  await checkScreen(employee, 'Case events of the complainant');

  await po.reload();
  await expect(po.getByRole('region', { name: 'Statutory clocks' })).toContainText(/days left/);
  await po.getByLabel('Recommend to the employer').check();
  await po.getByLabel('Reasons').fill('A transfer keeps them apart during the inquiry.');
  await po.getByRole('button', { name: 'Record the decision' }).click();
  await expect(po.getByRole('region', { name: 'Case events' })).toContainText(
    'Interim relief recommended to the employer',
  );
  await po.getByLabel('Terms of the settlement').fill('A written apology and a seat change.');
  await po.getByLabel('The respondent agrees').check();
  await po.getByRole('button', { name: 'Record the settlement' }).click();
  await expect(po.getByRole('region', { name: 'Case events' })).toContainText(
    'Settled by conciliation: A written apology and a seat change.',
  );
  await checkScreen(po, 'Case events of the committee');

  await Promise.all([adminContext.close(), employeeContext.close(), poContext.close()]);
});
