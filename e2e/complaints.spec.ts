import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { expect as baseExpect, test, type Page } from './support/test';
import { PDFParse } from 'pdf-parse';
import {
  acmeEmployees,
  api,
  publishWorkflow,
  askCommitteeChange,
  seatCommittee,
  shownDay,
  signIn,
  typedDay,
  url,
} from './support/app';
import { localDay } from '../src/domain/shared/date-time';
import { atPhoneWidth, expectAccessible, expectNoSidewaysScroll, expectOneH1 } from './support/accessibility';

// The machine this runs on may be shared and loaded: give each step room.
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

interface Mail {
  subject: string | null;
  body: string;
  attachments: { fileName: string; contentType: string; content: string }[];
}

async function outbox(page: Page, to: string): Promise<Mail[]> {
  const tab = await page.context().newPage();
  try {
    await tab.goto(url('main', `/dev/outbox?format=json&to=${encodeURIComponent(to)}`));
    return JSON.parse((await tab.locator('body').textContent()) ?? '[]') as Mail[];
  } finally {
    await tab.close();
  }
}

/** `npm run verify-case-log -- <file>`, as the docs tell a reader of the case file to run it. */
function verifyCaseLog(file: string): { status: number | null; output: string } {
  const run = spawnSync('npm', ['run', '--silent', 'verify-case-log', '--', file], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

test('an employee files a concern with evidence; the presiding officer meets, informs the respondent and closes it; the admin sees counts only', async ({
  browser,
}, testInfo) => {
  test.setTimeout(420_000);

  // ---- Setup through the API, as the admin: a published workflow and the Internal Committee.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'acme', 'admin@acme.test');
  const guide = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  await publishWorkflow(
    admin,
    'POSH',
    [
      { kind: 'MEETING', name: 'Preliminary hearing' },
      { kind: 'ACTION', name: 'Copy to respondent', actionTypes: ['INFORM_RESPONDENT'] },
    ],
    async ({ workflowVersionId }) => {
      // A guide for the incident's field, uploaded as the builder does (the learning API's files calls) and attached to it.
      const ticket = await api<{ fileId: string; uploadUrl: string }>(
        admin,
        'POST',
        '/learning-api/api/lesson-content/generate-upload-url',
        { purpose: 'DOCUMENT', fileName: 'how-to-describe.pdf', size: guide.length },
      );
      const put = await admin.evaluate(
        async ([to, bytes]) =>
          (
            await fetch(to, {
              method: 'PUT',
              body: new Uint8Array(bytes),
              headers: { 'content-type': 'application/octet-stream' },
            })
          ).status,
        [ticket.uploadUrl, [...guide]] as const,
      );
      expect(put).toBe(201);
      await api(admin, 'POST', `/learning-api/api/lesson-content/confirm-upload/${ticket.fileId}`);
      const draft = await api<{ components: { attributes: { attributeId: string; systemKey: string | null }[] }[] }>(
        admin,
        'GET',
        `/case-api/api/admin/workflow/version/${workflowVersionId}`,
      );
      const details = draft.components.flatMap((c) => c.attributes).find((a) => a.systemKey === 'INCIDENT_DETAILS')!;
      await api(admin, 'POST', `/case-api/api/admin/attribute/confirm-resource-upload/${details.attributeId}`, {
        fileId: ticket.fileId,
      });
    },
  );
  const employees = await acmeEmployees(admin);
  const [presiding, member1, member2, external, respondent] = employees;
  expect(respondent, 'five employees to sit on the committee and to be complained about').toBeTruthy();
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
  await seatCommittee(admin, body);

  // The committee setup screen shows the composition as sound.
  await admin.goto(url('acme', '/committees'));
  await expect(admin.getByRole('heading', { level: 1, name: 'Internal Committee' })).toBeVisible();
  await expect(admin.getByText('The committee meets the POSH composition (IN-02).')).toBeVisible();
  await expectAccessible(admin, 'Committee setup');
  await expectOneH1(admin, 'Committee setup');
  await atPhoneWidth(admin, 'Committee setup');

  // ---- The employee raises a concern with an evidence file.
  const employeeContext = await browser.newContext();
  const employee = await employeeContext.newPage();
  await signIn(employee, 'acme', 'employee@acme.test');
  await employee.getByRole('navigation', { name: 'Main' }).getByText('Raise a concern').click();
  await expect(employee.getByRole('heading', { level: 1, name: 'Raise a concern' })).toBeVisible();
  await expect(employee.getByText('Photos can identify you:')).toBeVisible();
  await expectAccessible(employee, 'Raise a concern');
  await expectOneH1(employee, 'Raise a concern');
  await atPhoneWidth(employee, 'Raise a concern');
  // The guide the admin attached to the incident's field: a download.
  const documents = employee.getByRole('region', { name: 'Documents for this form' });
  await expect(documents).toContainText('For “Details of the incident”');
  const guideDownloading = employee.waitForEvent('download');
  await documents.getByRole('button', { name: 'Download how-to-describe.pdf' }).click();
  const guideDownload = await guideDownloading;
  expect(guideDownload.suggestedFilename()).toBe('how-to-describe.pdf');
  expect((await readFile(await guideDownload.path())).equals(guide)).toBe(true);
  // And to someone reporting without an account, on the workspace's /report page.
  const reporterContext = await browser.newContext();
  const reporter = await reporterContext.newPage();
  await reporter.goto(url('acme', '/report'));
  await reporter.getByRole('button', { name: 'Make a report' }).click();
  const reporterDocuments = reporter.getByRole('region', { name: 'Documents for this form' });
  const reporterDownloading = reporter.waitForEvent('download');
  await reporterDocuments.getByRole('button', { name: 'Download how-to-describe.pdf' }).click();
  expect((await readFile(await (await reporterDownloading).path())).equals(guide)).toBe(true);
  await expectAccessible(reporter, 'Report form with a document');
  await reporterContext.close();
  await employee.getByLabel('Your name').fill('Esha Employee');
  // The complainant is the signed-in person: the receipt goes to the account's own address, not one typed here.
  await expect(employee.getByLabel('Your email')).toHaveValue('employee@acme.test');
  await expect(employee.getByLabel('Your email')).not.toBeEditable();
  await employee.getByLabel('Their name').fill('The respondent');
  await employee.getByLabel('Their email').fill(respondent.email);
  await employee
    .getByLabel('What happened', { exact: true })
    .fill('Repeated remarks about my appearance in the Monday meetings.');
  const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  await employee.getByLabel('When it happened (the last time, if more than once)').fill(lastWeek);
  // A PNG with its header (IHDR, 2x2): evidence that claims to be an image must have one.
  const screenshot = Buffer.concat([
    Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 2, 0, 0, 0, 2, 8, 6,
      0, 0, 0, 0x72, 0xb6, 0x0d, 0x24,
    ]),
    Buffer.alloc(600, 7),
  ]);
  await employee
    .locator('input[type=file]')
    .setInputFiles({ name: 'chat-screenshot.png', mimeType: 'image/png', buffer: screenshot });
  await expect(employee.getByRole('region', { name: 'Evidence' })).toContainText('Attached');
  await employee.getByRole('button', { name: 'Send to the Internal Committee' }).click();
  const received = employee.getByRole('heading', { level: 1, name: /Your complaint was received: case C-\d{4}/ });
  await expect(received).toBeVisible();
  const caseNumber = /C-\d{4}/.exec((await received.textContent()) ?? '')![0];
  expect((await outbox(employee, 'employee@acme.test'))[0].subject).toBe(
    `We received your complaint: case ${caseNumber}`,
  );
  await employee.getByRole('button', { name: 'Open my complaint' }).click();
  await expect(employee.getByRole('heading', { level: 1, name: `Case ${caseNumber}` })).toBeVisible();
  await expect(employee.getByText('Confidential: every view is recorded.')).toBeVisible();
  const caseUrl = employee.url();
  const caseId = caseUrl.split('/').pop()!;

  // ---- The presiding officer sees the case and its clocks.
  const poContext = await browser.newContext();
  const po = await poContext.newPage();
  await signIn(po, 'acme', presiding.email);
  await po.goto(url('acme', '/complaints'));
  const cases = po.getByRole('table', { name: 'Committee cases' });
  await expect(cases).toContainText(caseNumber);
  await expect(cases).not.toContainText('Esha');
  await expectAccessible(po, 'Committee cases');
  await po.getByRole('link', { name: caseNumber }).click();
  await expect(po.getByRole('heading', { level: 1, name: `Case ${caseNumber}` })).toBeVisible();
  const clocks = po.getByLabel('Statutory clocks');
  await expect(clocks).toContainText(/Send a copy of the complaint to the respondent: \d+ days left/);
  await expect(clocks).toContainText(/Complete the inquiry: \d+ days left/);
  // Chain of custody: the evidence list shows the SHA-256 the server took as the file was uploaded.
  await expect(po.getByRole('region', { name: 'Evidence' })).toContainText(
    `SHA-256 ${createHash('sha256').update(screenshot).digest('hex')}`,
  );
  await expectAccessible(po, 'Case page');
  await expectOneH1(po, 'Case page');
  await atPhoneWidth(po, 'Case page');

  // A meeting: the guests are mailed an .ics invitation.
  await po.getByRole('tab', { name: 'Meetings' }).click();
  const meetingForm = po.getByRole('form', { name: 'Schedule a meeting' });
  await meetingForm.getByLabel('Title').fill('Preliminary hearing');
  await meetingForm.getByLabel('Agenda').fill('Hear the complainant');
  await meetingForm.getByLabel('Starts').fill('2026-12-01T10:00');
  await meetingForm.getByLabel('Ends').fill('2026-12-01T11:00');
  await meetingForm.getByLabel('Place or meeting link').fill('https://meet.example/ic');
  // Guests are picked: a committee member found in the directory by address, the complainant among the case's
  // people, and an outside address typed.
  const guests = meetingForm.getByRole('combobox', { name: 'Guests' });
  await guests.fill(member1.email);
  await po.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `<${member1.email}>` }).click();
  // Picked, the member shows by name, as one of the committee.
  await expect(meetingForm.getByText(`${member1.firstName} ${member1.lastName} · committee`)).toBeVisible();
  await guests.fill('complainant');
  await po
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '· complainant <employee@acme.test>' })
    .click();
  await expect(meetingForm.getByText('· complainant <employee@acme.test>')).toBeVisible();
  const adviser = `adviser-${Date.now().toString(36)}@outside.example`;
  await guests.fill(adviser);
  await guests.press('Enter');
  await expect(meetingForm.getByText(adviser)).toBeVisible();
  await guests.press('Escape');
  await expectAccessible(po, 'Meeting form with guests picked');
  await meetingForm.getByRole('button', { name: 'Schedule and invite' }).click();
  await expect(po.getByText('Meeting scheduled: the guests have been sent an invitation.')).toBeVisible();
  expect((await outbox(po, adviser)).map((m) => m.subject)).toEqual([
    `Invitation: Preliminary hearing (case ${caseNumber})`,
  ]);
  const [invitation] = await outbox(po, member1.email);
  expect(invitation.subject).toBe(`Invitation: Preliminary hearing (case ${caseNumber})`);
  expect(invitation.attachments[0].fileName).toBe('invite.ics');
  expect(invitation.attachments[0].content).toContain('BEGIN:VEVENT');
  await po.getByLabel('Minutes').fill('The complainant was heard.');
  await po.getByLabel('Meeting outcome').fill('Proceed to the inquiry');
  await po.getByRole('button', { name: 'Save minutes' }).click();
  await expect(po.getByText('Minutes recorded.')).toBeVisible();
  await expectAccessible(po, 'Meetings tab');

  // The action step: the respondent is mailed a copy.
  await po.getByRole('tab', { name: 'Steps' }).click();
  // "Complete step" shows who each mail goes to, and whether it carries the complaint, before anything is sent.
  await po.getByRole('button', { name: 'Complete Copy to respondent' }).click();
  const completeDialog = po.getByRole('dialog', { name: 'Complete step: Copy to respondent' });
  const recipients = completeDialog.getByRole('list', { name: 'Recipients of Inform respondent' });
  await expect(recipients).toContainText(`<${respondent.email.toLowerCase()}> · Respondent`);
  await expect(completeDialog).toContainText('With a copy of the complaint');
  expect((await outbox(po, respondent.email)).map((m) => m.subject)).not.toContain(
    `A complaint naming you: case ${caseNumber}`,
  );
  await expectAccessible(po, 'Complete step dialog');
  await po.screenshot({ path: test.info().outputPath('complete-step-1366.png') });
  await po.setViewportSize({ width: 390, height: 844 });
  await expect(recipients).toBeVisible();
  await expectNoSidewaysScroll(po, 'Complete step dialog');
  await po.screenshot({ path: test.info().outputPath('complete-step-390.png') });
  await po.setViewportSize({ width: 1366, height: 850 });
  await completeDialog.getByRole('button', { name: 'Send and complete' }).click();
  await expect(po.getByText('Step completed.')).toBeVisible();
  await expect(completeDialog).toBeHidden();
  const [copy] = await outbox(po, respondent.email);
  expect(copy.subject).toBe(`A complaint naming you: case ${caseNumber}`);
  expect(copy.body).toContain('Repeated remarks about my appearance');

  // ---- IN-05: the respondent reads the copy on their own case page and sends their reply; the committee sees it met.
  const respondentContext = await browser.newContext();
  const rp = await respondentContext.newPage();
  await signIn(rp, 'acme', respondent.email);
  await rp.goto(po.url());
  const replyCard = rp.getByRole('region', { name: 'Your reply to the complaint' });
  await expect(replyCard).toContainText('You have received a copy of the complaint');
  await expectAccessible(rp, 'The respondent’s case page with the reply card');
  await atPhoneWidth(rp, 'The respondent’s case page with the reply card');
  await replyCard.getByLabel('Your reply').fill('I deny the remarks; my witness is the team lead.');
  await replyCard.getByRole('button', { name: 'Send my reply' }).click();
  await expect(replyCard).toContainText('Your reply was received on');
  await respondentContext.close();
  await po.reload();
  await expect(po.getByRole('region', { name: "The respondent's reply" })).toContainText(
    /Reply received on .*, in time\./,
  );
  await expect(po.getByLabel('Statutory clocks')).toContainText(/Respondent's reply: met/);
  // Dates as the workspace writes them (India: `29 Nov 2026`), never ISO: the case's received day in its header; the
  // reply's day typed into a date field that shows it day first (`29/11/2026`), never the browser's mm/dd/yyyy.
  const receivedDay = localDay(new Date(), 'Asia/Kolkata');
  await expect(po.getByText(new RegExp(`^POSH \\w+ · received ${shownDay(receivedDay)}$`))).toBeInViewport();
  const replyDay = po.getByLabel('Day the reply was received');
  await expect(replyDay).toHaveAttribute('placeholder', 'dd/mm/yyyy');
  await replyDay.fill(receivedDay);
  await po.getByLabel('Note (documents and witnesses named)').click();
  await expect(replyDay).toHaveValue(typedDay(receivedDay));
  await expectAccessible(po, 'The reply card with its date field');
  // The reload opened the case on its first tab: back to the steps, where the case closes.
  await po.getByRole('tab', { name: 'Steps' }).click();

  // Close with an outcome.
  const closeForm = po.getByRole('form', { name: 'Close the case' });
  await closeForm.getByLabel('Outcome').click();
  await po.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Upheld"]').click();
  await closeForm.getByLabel('Summary of the decision').fill('Upheld: a written warning is recommended.');
  await closeForm.getByRole('button', { name: 'Close the case' }).click();
  // Closing asks first.
  await po
    .getByRole('dialog', { name: `Close case ${caseNumber}?` })
    .getByRole('button', { name: 'Close the case' })
    .click();
  await expect(po.getByText('The case is closed and the parties have been told.')).toBeVisible();
  await expect(po.getByLabel('Statutory clocks')).toContainText(
    /Appeal window: the record may not be closed or purged: 90 days left/,
  );
  await po.getByRole('tab', { name: 'Access log' }).click();
  await expect(po.getByRole('table', { name: 'Access log' })).toContainText('Esha EmployeeCase read');
  await expect(po.getByRole('table', { name: 'Access log' })).toContainText('Case closed with an outcome');
  // The mail the step sent, with its recipients.
  await expect(po.getByRole('table', { name: 'Access log' })).toContainText(
    `Mailed “A complaint naming you: case ${caseNumber}” to ${respondent.email.toLowerCase()} (with a copy of the complaint)`,
  );
  await expectAccessible(po, 'Access log with a mail');
  // The server recomputed the log's hash chain as the tab opened.
  await expect(po.getByText(/^Log verified: head [0-9a-f]{12}$/)).toBeVisible();
  await expectAccessible(po, 'Access log with its verified head');
  await atPhoneWidth(po, 'Access log with its verified head');

  // ---- A redacted export for an appeal: the parties and the meeting left out; the downloaded PDF lacks them.
  await po.getByRole('button', { name: 'Export case file…' }).click();
  const drawer = po.getByRole('dialog', { name: 'Export the case file' });
  await drawer.getByLabel('Appeal').check();
  await drawer.getByLabel('Parties (names and contact details)').check();
  await drawer.getByLabel(/^Meeting: Preliminary hearing/).check();
  await expectAccessible(po, 'Export drawer');
  const downloading = po.waitForEvent('download');
  await drawer.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`case-${caseNumber}-appeal.pdf`);
  const pdf = (
    await new PDFParse({ data: new Uint8Array(await readFile(await download.path())) }).getText()
  ).text.replace(/\s+/g, ' ');
  expect(pdf).not.toContain('The complainant was heard.');
  expect(pdf).not.toContain(respondent.email);
  expect(pdf).toContain('REDACTED — the whole section “Parties”');
  expect(pdf).toContain('REDACTED — the meeting of');
  expect(pdf).toContain('Repeated remarks about my appearance in the Monday meetings.');
  expect(pdf).toContain('Upheld: a written warning is recommended.');
  await expect(drawer).toBeHidden();
  // The log is oldest first: the export is on the last page.
  // (Fifty to a page: a short log has no pages to turn.)
  const logPages = po.getByRole('tabpanel', { name: 'Access log' }).locator('.ant-pagination-item');
  if ((await logPages.count()) > 0) await logPages.last().click();
  await expect(po.getByRole('table', { name: 'Access log' })).toContainText('Case file exported');

  // ---- The file carries the access log with its hash chain: the command verifies it, and fails on one byte changed.
  expect(pdf).toContain('Verifying this log');
  const bytes = await readFile(await download.path());
  const verified = verifyCaseLog(await download.path());
  expect(verified.status, verified.output).toBe(0);
  expect(verified.output).toMatch(new RegExp(`OK: case ${caseNumber}, \\d+ entries, head [0-9a-f]{64}`));
  const at = bytes.indexOf('complaint.close');
  expect(at).toBeGreaterThan(0);
  bytes[at + 'complaint.close'.length - 1] = 'f'.charCodeAt(0);
  const tamperedPath = testInfo.outputPath('tampered-case-file.pdf');
  await writeFile(tamperedPath, bytes);
  const refused = verifyCaseLog(tamperedPath);
  expect(refused.status, refused.output).toBe(1);
  expect(refused.output).toMatch(
    /NOT OK: case C-\d+: entry \d+ \(complaint\.closf at [^)]+\) was changed after it was written/,
  );

  // ---- The admin sees counts and clocks only, and not the case.
  await admin.getByRole('navigation', { name: 'Main' }).getByText('Complaint figures').click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Complaint figures' })).toBeVisible();
  await expect(admin.getByText('All complaints')).toBeVisible();
  await expect(admin.locator('.shell-content')).not.toContainText(caseNumber);
  await expect(admin.locator('.shell-content')).not.toContainText('Esha');
  await expectAccessible(admin, 'Complaint figures');
  await expectOneH1(admin, 'Complaint figures');
  await atPhoneWidth(admin, 'Complaint figures');
  await api(admin, 'GET', `/case-api/api/complaints/${caseId}`, undefined, 404);
  await admin.goto(url('acme', `/complaints/${caseId}`));
  await expect(admin.getByText('Complaint not found')).toBeVisible();

  await Promise.all([adminContext.close(), employeeContext.close(), poContext.close()]);
});

test('a committee member with no case yet finds "Record a complaint for someone"; an admin off the committee does not', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // Globex (Canada, federal) has no case: its first may well be an oral notice a designated recipient records (CA-01).
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'globex', 'admin@globex.test');
  // Its designated recipient, as the demo seeds it (server/seed/case.seed.ts).
  const { items } = await api<{ items: { branchId: string | null; members: { email: string; role: string }[] }[] }>(
    admin,
    'GET',
    '/case-api/api/committees',
  );
  const recipient = items.find((c) => c.branchId === null)!.members.find((m) => m.role === 'DESIGNATED_RECIPIENT')!;
  expect(recipient.email).toBe('recipient@globex.test');

  const memberContext = await browser.newContext();
  const page = await memberContext.newPage();
  await signIn(page, 'globex', recipient.email);
  await page.goto(url('globex', '/complaints'));
  await expect(page.getByText('You have no complaints, and no cases are assigned to you.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Record a complaint for someone' })).toBeVisible();
  await expectAccessible(page, 'Complaints of a member with no case');
  await atPhoneWidth(page, 'Complaints of a member with no case');
  await page.getByRole('link', { name: 'Record a complaint for someone' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Record a complaint for someone' })).toBeVisible();

  await admin.goto(url('globex', '/complaints'));
  await expect(admin.getByRole('heading', { level: 1, name: 'Complaints' })).toBeVisible();
  await expect(admin.getByRole('main').getByRole('link', { name: 'Raise a concern' })).toBeVisible();
  await expect(admin.getByRole('link', { name: 'Record a complaint for someone' })).toHaveCount(0);
  await Promise.all([adminContext.close(), memberContext.close()]);
});

test('"Inform respondent" says the email is missing and offers the editor; the case closes with a mandatory step open only by the presiding officer, with reasons', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const shots = process.env.E2E_SHOTS;
  const shot = async (page: Page, name: string) => {
    if (!shots) return;
    await page.screenshot({ path: `${shots}/${name}-1366.png`, fullPage: true });
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}/${name}-390.png`, fullPage: true });
    await page.setViewportSize(size);
  };

  // ---- Setup through the API: a workflow whose prerequisites name two steps (mandatory), the committee, a complaint
  // whose form gave no respondent email.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'acme', 'admin@acme.test');
  await publishWorkflow(
    admin,
    'Due process',
    [
      { kind: 'ACTION', name: 'Inform respondent', actionTypes: ['INFORM_RESPONDENT'] },
      { kind: 'MEETING', name: 'Inquiry hearing' },
    ],
    async (ids) => {
      await api(admin, 'POST', '/case-api/api/admin/workflow-prerequisite', {
        ...ids,
        prerequisiteList: [
          { kind: 'OTHER', label: 'The respondent has the copy before the hearing', referenceId: 'Inform respondent' },
          { kind: 'OTHER', label: 'The inquiry hears both parties', referenceId: 'Inquiry hearing' },
        ],
      });
    },
  );
  const employees = await acmeEmployees(admin);
  const [presiding, member1, member2, external, respondent] = employees;
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
  await seatCommittee(admin, body);
  const employeeContext = await browser.newContext();
  const employee = await employeeContext.newPage();
  await signIn(employee, 'acme', 'employee@acme.test');
  const filed = await api<{ complaintId: string; caseNumber: string }>(employee, 'POST', '/case-api/api/complaints', {
    complainant: { name: 'Esha Employee', email: 'employee@acme.test' },
    respondent: { name: 'The team lead' },
    incident: {
      details: 'Remarks about my appearance at the stand-up.',
      date: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10),
      witnesses: [],
    },
  });

  // ---- A committee member: "Inform respondent" says the email is missing and offers the editor.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signIn(member, 'acme', member1.email);
  await member.goto(url('acme', `/complaints/${filed.complaintId}`));
  await expect(member.getByRole('heading', { level: 1, name: `Case ${filed.caseNumber}` })).toBeVisible();
  await member.getByRole('tab', { name: 'Steps' }).click();
  const steps = member.getByRole('region', { name: 'Steps' });
  await expect(steps).toContainText(
    'The respondent’s email is missing: the complaint gave none. Add it to inform them.',
  );
  await expect(steps).toContainText('Waits for “Inform respondent”: complete it first.');
  await expect(member.getByRole('button', { name: 'Complete Inquiry hearing' })).toHaveCount(0);
  await expectAccessible(member, 'Case steps, respondent email missing');
  await shot(member, 'steps-email-missing');
  await member.getByRole('button', { name: 'Add the respondent’s email to Inform respondent' }).click();
  const editor = member.getByRole('dialog', { name: 'The respondent’s contact' });
  await expect(editor).toContainText(
    'To complete “Inform respondent”, add the respondent’s email: the complaint gave none.',
  );
  await expectAccessible(member, 'Contact editor');
  await shot(member, 'contact-editor');
  await editor.getByLabel('Email').fill(respondent.email);
  await editor.getByRole('button', { name: 'Save contact' }).click();
  await expect(
    member.getByText('The respondent’s contact is saved; the change is recorded in the access log.'),
  ).toBeVisible();
  await member.getByRole('button', { name: 'Complete Inform respondent' }).click();
  // The mail goes to the address just added, shown before it is sent.
  const completeDialog = member.getByRole('dialog', { name: 'Complete step: Inform respondent' });
  await expect(completeDialog).toContainText(respondent.email.toLowerCase());
  await completeDialog.getByRole('button', { name: 'Send and complete' }).click();
  await expect(member.getByText('Step completed.')).toBeVisible();
  expect((await outbox(member, respondent.email)).some((m) => (m.subject ?? '').includes(filed.caseNumber))).toBe(true);
  // The hearing is mandatory and open: a member other than the one presiding cannot close.
  const memberClose = member.getByRole('form', { name: 'Close the case' });
  await expect(memberClose).toContainText('Mandatory step still open: Inquiry hearing');
  await expect(memberClose).toContainText(
    'Only the presiding officer may close the case with a mandatory step open, with written reasons.',
  );
  await expect(memberClose.getByRole('button', { name: 'Close the case' })).toHaveCount(0);

  // ---- The presiding officer closes with written reasons, after the confirmation.
  const poContext = await browser.newContext();
  const po = await poContext.newPage();
  await signIn(po, 'acme', presiding.email);
  await po.goto(url('acme', `/complaints/${filed.complaintId}`));
  await po.getByRole('tab', { name: 'Steps' }).click();
  const closeForm = po.getByRole('form', { name: 'Close the case' });
  await expect(closeForm).toContainText('Complete them first, or close now and record your reasons');
  await closeForm.getByLabel('Outcome').click();
  await po.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Withdrawn"]').click();
  await closeForm.getByLabel('Summary of the decision').fill('Withdrawn by the complainant.');
  await closeForm.getByRole('button', { name: 'Close the case' }).click();
  await expect(closeForm).toContainText('Give your reasons');
  await closeForm
    .getByLabel('Your reasons for closing with a mandatory step open')
    .fill('The complainant withdrew before the hearing; no inquiry is needed.');
  await closeForm.getByRole('button', { name: 'Close the case' }).click();
  const confirm = po.getByRole('dialog', { name: `Close case ${filed.caseNumber}?` });
  await expect(confirm).toContainText('The parties will be told, and the case cannot be reopened.');
  await expectAccessible(po, 'Close confirmation');
  await shot(po, 'close-confirmation');
  await confirm.getByRole('button', { name: 'Close the case' }).click();
  await expect(po.getByText('The case is closed and the parties have been told.')).toBeVisible();
  await expect(po.getByText('Closed with a mandatory step open by')).toBeVisible();
  await expect(
    po.getByText('Reasons: The complainant withdrew before the hearing; no inquiry is needed.'),
  ).toBeVisible();
  // Closed: only the post-closure clocks, and the appeal's last day.
  const clocks = po.getByLabel('Statutory clocks');
  await expect(clocks).toContainText('Appeal window');
  await expect(clocks).not.toContainText('Send a copy of the complaint to the respondent');
  await expect(clocks).not.toContainText('Complete the inquiry');
  await expect(po.getByRole('region', { name: 'Appeal' })).toContainText(
    /The parties may appeal until \d{1,2} [A-Z][a-z]{2} \d{4}/,
  );
  await expectAccessible(po, 'Closed case, committee');
  await shot(po, 'closed-committee');

  // ---- The complainant reads the appeal right and its deadline.
  await employee.goto(url('acme', `/complaints/${filed.complaintId}`));
  const appeal = employee.getByRole('region', { name: 'Appeal' });
  await expect(appeal).toContainText('Your right to appeal');
  await expect(appeal).toContainText(/within 90 days \(POSH Act s\.18\): by \d{1,2} [A-Z][a-z]{2} \d{4}\./);
  await expectAccessible(employee, 'Closed case, complainant');
  await expectOneH1(employee, 'Closed case, complainant');
  await atPhoneWidth(employee, 'Closed case, complainant');
  await shot(employee, 'closed-complainant');

  await Promise.all([adminContext.close(), employeeContext.close(), memberContext.close(), poContext.close()]);
});

test('the presiding officer approves a new member, who sees "Awaiting admission" until admitted to an earlier case and then reads it; a named witness who joins is recused', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'acme', 'admin@acme.test');
  await publishWorkflow(admin, 'Membership', [{ kind: 'MEETING', name: 'Preliminary hearing' }]);
  const employees = await acmeEmployees(admin);
  const [presiding, member1, member2, external, witnessFiler, newcomer] = employees;
  expect(newcomer, 'six employees: a committee and a newcomer').toBeTruthy();
  const seats = [
    { userId: presiding.userId, role: 'PRESIDING_OFFICER', gender: 'WOMAN', senior: true },
    { userId: member1.userId, role: 'EMPLOYEE_MEMBER', gender: 'WOMAN' },
    { userId: member2.userId, role: 'EMPLOYEE_MEMBER', gender: 'MAN' },
    { userId: external.userId, role: 'EXTERNAL_MEMBER', gender: 'MAN' },
  ];
  const body = { name: 'Internal Committee', termStart: '2026-01-01', termEnd: '2028-12-31', members: seats };
  // The committee as the other journeys seat it.
  const existing = { committeeId: await seatCommittee(admin, body) };
  const now = await api<{ members: { userId: string }[] }>(
    admin,
    'GET',
    `/case-api/api/committees/${existing.committeeId}`,
  );
  expect(now.members.map((m) => m.userId)).not.toContain(newcomer.userId);

  // A case filed before the newcomer joins.
  const employeeContext = await browser.newContext();
  const employee = await employeeContext.newPage();
  await signIn(employee, 'acme', 'employee@acme.test');
  const filed = await api<{ complaintId: string; caseNumber: string }>(employee, 'POST', '/case-api/api/complaints', {
    complainant: { name: 'Esha Employee', email: 'employee@acme.test' },
    respondent: { name: 'A contractor' },
    incident: {
      details: 'Unwanted messages after a team dinner.',
      date: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10),
    },
  });
  // A case that names the newcomer as a witness (by address): when they join, they are recused from it, not admitted.
  const witnessContext = await browser.newContext();
  const filer = await witnessContext.newPage();
  await signIn(filer, 'acme', witnessFiler.email);
  const witnessed = await api<{ complaintId: string; caseNumber: string }>(filer, 'POST', '/case-api/api/complaints', {
    complainant: { name: 'A colleague', email: witnessFiler.email },
    respondent: { name: 'A visitor' },
    incident: {
      details: 'Comments at the front desk.',
      date: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
      witnesses: [`A colleague who saw it <${newcomer.email}>`],
    },
  });

  // The admin asks for the newcomer to join: nothing changes until the presiding officer approves.
  await askCommitteeChange(admin, existing!.committeeId, {
    ...body,
    members: [...seats, { userId: newcomer.userId, role: 'EMPLOYEE_MEMBER', gender: 'WOMAN' }],
  });
  await admin.goto(url('acme', '/committees'));
  const waitingForAdmin = admin.getByRole('region', { name: 'Changes waiting for approval' });
  await expect(waitingForAdmin).toContainText('Waiting for approval');
  await expect(waitingForAdmin.getByRole('button', { name: /^Approve/ })).toHaveCount(0);

  const poContext = await browser.newContext();
  const po = await poContext.newPage();
  await signIn(po, 'acme', presiding.email);
  await po.goto(url('acme', '/complaints'));
  await po.getByRole('link', { name: 'Changes of the committee’s members' }).click();
  await expect(po.getByRole('heading', { level: 1, name: 'Internal Committee' })).toBeVisible();
  const waiting = po.getByRole('region', { name: 'Changes waiting for approval' });
  await expect(waiting).toContainText('Joining:');
  await expectAccessible(po, 'Committee changes');
  await expectOneH1(po, 'Committee changes');
  await po.screenshot({ path: test.info().outputPath('committee-changes-1366.png'), fullPage: true });
  await atPhoneWidth(po, 'Committee changes');
  await po.setViewportSize({ width: 390, height: 844 });
  await po.screenshot({ path: test.info().outputPath('committee-changes-390.png'), fullPage: true });
  await po.setViewportSize({ width: 1366, height: 850 });
  await waiting.getByRole('button', { name: /^Approve/ }).click();
  await expect(po.getByText('Approved: the committee now has these members.')).toBeVisible();
  await expect(po.getByRole('region', { name: 'Decided changes' })).toContainText('Approved');

  // Joined after the case was filed: the newcomer does not see it until admitted.
  const newContext = await browser.newContext();
  const member = await newContext.newPage();
  await signIn(member, 'acme', newcomer.email);
  await api(member, 'GET', `/case-api/api/complaints/${filed.complaintId}`, undefined, 404);
  // What the member sees: the case number waiting for their admission, and nothing of the case they witnessed.
  await member.goto(url('acme', '/complaints'));
  const awaiting = member.getByRole('alert').filter({ hasText: 'Awaiting admission' });
  await expect(awaiting).toContainText(filed.caseNumber);
  await expect(awaiting).not.toContainText(witnessed.caseNumber);
  await expect(member.locator('.shell-content')).not.toContainText(witnessed.caseNumber);
  await expectAccessible(member, 'Awaiting admission');
  await atPhoneWidth(member, 'Awaiting admission');
  await member.screenshot({ path: test.info().outputPath('awaiting-admission-1366.png'), fullPage: true });

  // What the presiding officer sees on each case: the newcomer awaiting admission to one, recused from the other.
  await po.goto(url('acme', `/complaints/${filed.complaintId}`));
  const members = po.getByRole('region', { name: 'Committee members' });
  await expect(members).toContainText('Awaiting admission');
  await expect(members).not.toContainText('Recused');
  await po.goto(url('acme', `/complaints/${witnessed.complaintId}`));
  await expect(po.getByRole('region', { name: 'Committee members' })).toContainText('Recused');
  await expect(po.getByRole('region', { name: 'Committee members' })).not.toContainText('Awaiting admission');
  await api(member, 'GET', `/case-api/api/complaints/${witnessed.complaintId}`, undefined, 404);
  await po.goto(url('acme', '/committees'));
  await expect(po.getByRole('region', { name: 'Members waiting to be admitted' })).toContainText('Awaiting admission');
  await expect(po.getByRole('region', { name: 'Members waiting to be admitted' })).not.toContainText(
    witnessed.caseNumber,
  );

  const admit = po
    .getByRole('region', { name: 'Members waiting to be admitted' })
    .getByRole('button', { name: new RegExp(`to case ${filed.caseNumber}$`) });
  await expect(admit).toBeVisible();
  await expectAccessible(po, 'Members waiting to be admitted');
  await po.screenshot({ path: test.info().outputPath('admissions-1366.png'), fullPage: true });
  await atPhoneWidth(po, 'Members waiting to be admitted');
  await po.setViewportSize({ width: 390, height: 844 });
  await po.screenshot({ path: test.info().outputPath('admissions-390.png'), fullPage: true });
  await po.setViewportSize({ width: 1366, height: 850 });
  await admit.click();
  await expect(po.getByText(`can now read case ${filed.caseNumber}.`)).toBeVisible();

  await member.goto(url('acme', '/complaints'));
  await expect(member.getByRole('table', { name: 'Committee cases' })).toContainText(filed.caseNumber);
  await member.getByRole('link', { name: filed.caseNumber }).click();
  await expect(member.getByRole('heading', { level: 1, name: `Case ${filed.caseNumber}` })).toBeVisible();
  await member.goto(url('acme', '/complaints'));
  await expect(member.getByRole('table', { name: 'Committee cases' })).toContainText(filed.caseNumber);
  // Admitted: the case no longer waits (the demo's earlier cases of this committee may still).
  await expect(member.getByRole('alert').filter({ hasText: filed.caseNumber })).toHaveCount(0);
  await expect(member.locator('.shell-content')).not.toContainText(witnessed.caseNumber);

  // The committee as the other journeys constitute it: the newcomer leaves (approved), so their seats change nothing.
  await askCommitteeChange(admin, existing!.committeeId, body);
  const { changes } = await api<{ changes: { changeId: string; status: string }[] }>(
    po,
    'GET',
    '/case-api/api/committee-changes',
  );
  await api(
    po,
    'POST',
    `/case-api/api/committee-changes/${changes.find((c) => c.status === 'PENDING')!.changeId}/decision`,
    { decision: 'APPROVE' },
  );

  await Promise.all([
    adminContext.close(),
    employeeContext.close(),
    poContext.close(),
    newContext.close(),
    witnessContext.close(),
  ]);
});
