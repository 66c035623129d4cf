import { expect as baseExpect, test, type Page } from './support/test';
import { acmeEmployees, api, pickOption, seatCommittee, signIn, url } from './support/app';
import { atPhoneWidth, expectAccessible, expectOneH1 } from './support/accessibility';

// The machine this runs on may be shared and loaded: give each step room.
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

async function checkScreen(page: Page, name: string) {
  await expectAccessible(page, name);
  await expectOneH1(page, name);
  await atPhoneWidth(page, name);
}

const HOUR = 3_600_000;

test('a hearing without quorum: the presiding officer records attendance, is refused the signature (IN-06), records a third member present, then signs', async ({
  browser,
}) => {
  test.setTimeout(600_000);

  // ---- Setup through the API, as the admin: a process with a hearing step, and the committee this journey seats.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'acme', 'admin@acme.test');
  const wf = await api<{ workflowId: string }>(admin, 'POST', '/case-api/api/admin/workflow', {
    workflowName: `Hearings ${Date.now().toString(36)}`,
    defaultToWorkspace: true,
  });
  const v = await api<{ workflowVersionId: string }>(
    admin,
    'POST',
    `/case-api/api/admin/workflow/${wf.workflowId}/version`,
    { name: 'Inquiry' },
  );
  const step = await api<{ stepId: string }>(
    admin,
    'POST',
    `/case-api/api/admin/step/workflow/${v.workflowVersionId}`,
    { kind: 'MEETING', name: 'Inquiry hearing' },
  );
  await api(admin, 'POST', '/case-api/api/admin/workflow/publish', {
    workflowId: wf.workflowId,
    workflowVersionId: v.workflowVersionId,
  });
  const [presiding, member1, member2, external] = await acmeEmployees(admin);
  expect(external, 'four employees to sit on the committee').toBeTruthy();
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

  // ---- An employee files a complaint; the presiding officer sets a hearing that began two hours ago.
  const employeeContext = await browser.newContext();
  const employee = await employeeContext.newPage();
  await signIn(employee, 'acme', 'employee@acme.test');
  const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const filed = await api<{ complaintId: string; caseNumber: string }>(employee, 'POST', '/case-api/api/complaints', {
    complainant: { name: 'Esha Employee', email: 'employee@acme.test' },
    respondent: { name: 'The respondent' },
    incident: { details: 'Remarks in the team meetings, again and again.', date: lastWeek },
  });
  const poContext = await browser.newContext();
  const po = await poContext.newPage();
  await signIn(po, 'acme', presiding.email);
  const start = Date.now() - 2 * HOUR;
  await api(po, 'POST', `/case-api/api/complaints/${filed.complaintId}/meetings`, {
    title: 'First inquiry hearing',
    agenda: 'Hear the complainant and the respondent',
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + HOUR).toISOString(),
    location: 'Room 4',
    guests: ['employee@acme.test'],
    stepId: step.stepId,
  });

  // ---- On the Meetings tab she records two members present, the others absent.
  await po.goto(url('acme', `/complaints/${filed.complaintId}`));
  await expect(po.getByRole('heading', { level: 1, name: `Case ${filed.caseNumber}` })).toBeVisible();
  await po.getByRole('tab', { name: 'Meetings' }).click();
  const record = po.getByRole('region', { name: 'Hearing attendance: First inquiry hearing' });
  await expect(record).toContainText('Not recorded yet.');
  const name = (p: { firstName?: string; lastName?: string; email: string }) =>
    `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim() || p.email;
  const mark = async (who: string, status: 'Present' | 'Absent' | 'Excused') =>
    record
      .getByRole('radiogroup', { name: `Attendance of ${who}` })
      .getByText(status, { exact: true })
      .click();
  await mark(name(presiding), 'Present');
  await mark(name(member1), 'Present');
  await mark(name(member2), 'Absent');
  await mark(name(external), 'Excused');
  await mark('the complainant', 'Present');
  await mark('the respondent', 'Absent');
  await record.getByRole('button', { name: 'Record attendance' }).click();
  await expect(record).toContainText(`${name(member2)}: Absent`);
  await expect(record).toContainText('No quorum.');
  await po.getByLabel('Minutes').fill('The complainant was heard; the respondent did not come.');
  await po.getByRole('button', { name: 'Save minutes' }).click();
  await expect(po.getByText('Minutes recorded.')).toBeVisible();

  // ---- She tries to sign: refused, naming the rule, beside the hearing, in view.
  await po.getByRole('tab', { name: 'Meetings' }).click();
  await record.getByRole('button', { name: 'Sign the minutes' }).click();
  const refusal = record.getByRole('alert');
  await expect(refusal).toContainText('The minutes cannot be signed. IN-06: a hearing needs a quorum of 3 members');
  await expect(refusal).toBeInViewport();
  await checkScreen(po, 'Hearing without quorum');

  // ---- A third member was there after all: recorded present, and the minutes are signed.
  await mark(name(member2), 'Present');
  await record.getByRole('button', { name: 'Record attendance' }).click();
  await expect(record).toContainText('Quorum: 3 members present, the presiding officer among them.');
  await record.getByRole('button', { name: 'Sign the minutes' }).click();
  await expect(record).toContainText(`Minutes signed by ${name(presiding)}`);
  await expect(record.getByRole('button', { name: 'Sign the minutes' })).toHaveCount(0);
  await checkScreen(po, 'Hearing with signed minutes');

  // ---- IN-03: a colleague files four months after the incident; the presiding officer extends the limit, in writing.
  const colleague = (await acmeEmployees(admin)).find(
    (p) => ![presiding, member1, member2, external].some((m) => m.userId === p.userId),
  );
  expect(colleague, 'a fifth employee to file late').toBeTruthy();
  const colleagueContext = await browser.newContext();
  const colleaguePage = await colleagueContext.newPage();
  await signIn(colleaguePage, 'acme', colleague!.email);
  const fourMonthsAgo = new Date(Date.now() - 120 * 86_400_000).toISOString().slice(0, 10);
  const late = await api<{ complaintId: string; caseNumber: string }>(
    colleaguePage,
    'POST',
    '/case-api/api/complaints',
    {
      complainant: { name: 'A colleague', email: colleague!.email },
      incident: { details: 'It began in the summer and went on.', date: fourMonthsAgo },
    },
  );
  await po.goto(url('acme', `/complaints/${late.complaintId}`));
  await expect(po.getByRole('heading', { level: 1, name: `Case ${late.caseNumber}` })).toBeVisible();
  const filing = po.getByRole('region', { name: 'Filing (IN-03)' });
  await expect(filing).toContainText('Filed after the 3-month limit');
  await filing.getByRole('button', { name: 'Extend the limit' }).click();
  await expect(filing).toContainText('IN-03: write the committee’s reasons for extending the limit');
  await filing.getByLabel('The committee’s reasons for extending the limit').fill('She was on medical leave abroad.');
  await filing.getByRole('button', { name: 'Extend the limit' }).click();
  await expect(filing).toContainText('The committee extended the limit on');
  await expect(filing).toContainText('She was on medical leave abroad.');
  await expect(filing).toBeInViewport();
  await expect(po.getByText('Filed late: limit extended')).toBeVisible();
  await checkScreen(po, 'Filing limit extended');

  // ---- IN-03: the colleague files for a woman who cannot file herself, as her co-worker; the case says who and why.
  await colleaguePage.goto(url('acme', '/concerns/new'));
  await expect(colleaguePage.getByRole('heading', { level: 1, name: 'Raise a concern' })).toBeVisible();
  await colleaguePage.getByLabel('Your name').fill('Sunita Rao');
  await colleaguePage.getByText('I am filing for a woman who cannot file herself').click();
  await colleaguePage.getByRole('combobox', { name: 'You file as' }).click();
  await pickOption(colleaguePage, 'A co-worker');
  await colleaguePage.getByLabel('Why she cannot file herself').fill('She is in hospital and cannot write.');
  await colleaguePage.getByLabel('What happened', { exact: true }).fill('Remarks about her at every shift handover.');
  await colleaguePage.getByLabel('When it happened (the last time, if more than once)').fill(lastWeek);
  await colleaguePage.getByRole('button', { name: 'Send to the Internal Committee' }).click();
  await expect(colleaguePage.getByText(/Your complaint was received: case C-\d+/)).toBeVisible();
  const forHer = await colleaguePage.getByRole('link', { name: 'Open my complaint' }).getAttribute('href');
  await po.goto(url('acme', forHer!));
  const filedForHer = po.getByRole('region', { name: 'Filing (IN-03)' });
  await expect(filedForHer).toContainText(
    `Filed for her by ${name(colleague!)} as a co-worker: “She is in hospital and cannot write.”`,
  );
  await expect(filedForHer).toBeInViewport();
  await checkScreen(po, 'Filed for her');
  await colleagueContext.close();

  // ---- IN-01: on the compliance page, the admin reads which offices of 10 or more have no committee of their own.
  await admin.goto(url('acme', '/compliance'));
  const in01 = admin.getByRole('row').filter({ hasText: 'An Internal Committee for every office of 10 or more' });
  await in01.scrollIntoViewIfNeeded();
  await expect(in01).toContainText(
    /The workspace's committee covers \d+ units? of 10 or more without its own: Acme (Headquarters|Pune) \(\d+ people\)/,
  );
  await expect(in01).toBeInViewport();
  await checkScreen(admin, 'Legal rules: offices without their own committee');
});
