import { expect as baseExpect, test, type Page } from './support/test';
import { signIn, url } from './support/app';
import { expectAccessible, expectNoSidewaysScroll } from './support/accessibility';

// The machine this runs on may be shared and loaded: give each step room.
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/** A call to the case API from inside the page, with the page's own session token (setup, not what is tested). */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const token = (await page.context().cookies(url('acme'))).find((c) => c.name === 'sp_token')!.value;
  const { status, json } = await page.evaluate(
    async ([t, m, p, b]) => {
      const res = await fetch(p, {
        method: m,
        headers: { authorization: `Bearer ${t}`, ...(b === undefined ? {} : { 'content-type': 'application/json' }) },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, json: await res.json() };
    },
    [token, method, `/case-api/api/admin${path}`, body] as const,
  );
  expect(status, `${method} ${path}`).toBe(200);
  return json as T;
}

/** Picks an option of an antd Select by its label until the field shows it (see e2e/workflow-builder.spec.ts). */
async function chooseOption(page: Page, label: string, option: string, type?: string) {
  const field = page.getByLabel(label, { exact: true });
  const chosen = field
    .locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]')
    .locator(`[title="${option}"]`);
  await expect(async () => {
    if ((await chosen.count()) > 0) return;
    if ((await field.getAttribute('aria-expanded')) !== 'true') await field.click();
    if (type) await field.fill(type);
    await page
      .locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`)
      .click({ timeout: 5_000 });
    await expect(chosen.first()).toBeAttached({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

test('an admin sets prerequisites, who sees a field, an action mail, escalation, a field wording and file, drags a step, and finds it all after a reload', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await signIn(page, 'acme', 'admin@acme.test');

  // Setup through the API: a draft with a meeting and an action step.
  const name = `Settings ${Date.now().toString(36)}`;
  const wf = await api<{ workflowId: string }>(page, 'POST', '/workflow', { workflowName: name });
  const v = await api<{ workflowVersionId: string }>(page, 'POST', `/workflow/${wf.workflowId}/version`, {
    name: 'Draft process',
  });
  await api(page, 'POST', `/step/workflow/${v.workflowVersionId}`, { kind: 'MEETING', name: 'Hearing' });
  await api(page, 'POST', `/step/workflow/${v.workflowVersionId}`, {
    kind: 'ACTION',
    name: 'Tell the employer',
    actionTypes: ['NOTIFY'],
    party: 'EMPLOYER',
  });
  const address = url('acme', `/workflows/${wf.workflowId}?version=${v.workflowVersionId}`);
  await page.goto(address);
  await expect(page.getByRole('tab', { name: 'Process Details' })).toBeVisible({ timeout: 20_000 });
  const steps = page.getByRole('list', { name: 'Steps' });
  await expect(steps.getByRole('listitem')).toHaveCount(2);

  // 1. A prerequisite.
  await expect(page.getByText('No prerequisites yet.')).toBeVisible();
  await page.getByLabel('Prerequisite', { exact: true }).fill('Internal Committee constituted for Pune');
  await page.getByLabel('Prerequisite details').fill('Notified to all staff');
  await page.getByRole('button', { name: 'Add prerequisite' }).click();
  const prerequisites = page.getByRole('list', { name: 'Prerequisites' });
  await expect(prerequisites).toContainText('Internal Committee constituted for Pune');
  await expect(page.getByRole('status')).toContainText('Prerequisite "Internal Committee constituted for Pune" added.');

  // 2. Drag the action step onto the hearing's place.
  await steps.getByRole('listitem').nth(1).dragTo(steps.getByRole('listitem').nth(0));
  await expect(steps.getByRole('listitem').nth(0)).toContainText('Tell the employer');
  await expect(page.getByRole('status')).toContainText('"Tell the employer" is now step 1.');
  await expectAccessible(page, 'Process Details with a prerequisite');

  // 3. An "inform respondent" action with its mail wording.
  await page.getByRole('button', { name: 'Edit step Tell the employer' }).click();
  const drawer = page.getByRole('dialog', { name: 'Step: Tell the employer' });
  await expect(drawer).toBeVisible();
  await chooseOption(page, 'Action to add', 'Inform respondent');
  await drawer.getByRole('button', { name: 'Add action' }).click();
  await expect(drawer.getByRole('list', { name: 'Actions of this step' })).toContainText('Inform respondent');
  const mail = drawer.getByRole('form', { name: 'Mail of Inform respondent' });
  await mail
    .getByLabel('Mail message')
    .fill('Case {{caseNumber}} names you. Please reply by {{dueDate}} with documents and witnesses.');
  await mail.getByRole('button', { name: 'Save mail' }).click();
  await expect(drawer.getByRole('status')).toContainText('Mail saved.');
  await expectAccessible(page, 'Step drawer with mails');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // 4. Reword a field of the complaint form and attach a file to it.
  await page.getByRole('tab', { name: 'Complaint Form' }).click();
  await page.getByRole('button', { name: 'Edit field Details of the incident' }).click();
  // The drawer is named after the field, so it takes the new wording once saved.
  const field = page.getByRole('dialog', { name: /^Field: / });
  await expect(field).toHaveAccessibleName('Field: Details of the incident');
  await field.getByLabel('Field wording').fill('What happened, in your own words');
  await field.getByRole('button', { name: 'Save field' }).click();
  await expect(field.getByRole('status')).toContainText('Field "What happened, in your own words" saved.');
  await field.getByLabel('Attach a file').setInputFiles({
    name: 'how-to-describe.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  });
  await expect(field.getByRole('status')).toContainText('"how-to-describe.pdf" attached.');
  await expect(field).toContainText('Attached: how-to-describe.pdf');
  await expectAccessible(page, 'Field drawer');
  await page.keyboard.press('Escape');
  await expect(field).toBeHidden();
  const incident = page.getByRole('list', { name: 'Incident' });
  await expect(incident.getByRole('listitem').nth(0)).toContainText('What happened, in your own words');
  await expect(incident.getByRole('listitem').nth(0)).toContainText('File: how-to-describe.pdf');

  // 5. Who sees the field: the respondent too.
  const who = page.getByRole('group', { name: 'Who sees Incident: What happened, in your own words' });
  await expect(who.getByRole('checkbox', { name: 'Presiding officer' })).toBeChecked();
  await expect(who.getByRole('checkbox', { name: 'Presiding officer' })).toBeDisabled();
  await who.getByRole('checkbox', { name: 'Respondent' }).check();
  await page.getByRole('button', { name: 'Save who sees Incident: What happened, in your own words' }).click();
  await expect(page.getByRole('status')).toContainText('Who sees "What happened, in your own words" saved.');
  await expectAccessible(page, 'Complaint Form with who sees each field');

  // 6. Escalation for the whole workspace: a step past its limit, after 2 and 5 days, to the admin.
  await page.getByRole('tab', { name: 'Stages of Redressal' }).click();
  const escalation = page.getByRole('form', { name: 'Escalation' });
  await expect(escalation).toBeVisible();
  await escalation.getByLabel('First threshold (days after due)').fill('2');
  await escalation.getByLabel('Second threshold (days after due)').fill('5');
  const target = escalation.getByLabel('Escalate to', { exact: true });
  await target.click();
  await target.fill('admin@acme');
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'admin@acme.test' })
    .first()
    .click();
  await escalation.getByRole('button', { name: 'Save escalation' }).click();
  await expect(page.getByRole('status')).toContainText('Escalation saved.');
  await expectAccessible(page, 'Stages of Redressal with escalation');

  // At phone width the page still fits.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, 'Escalation at 390 px');
  await page.getByRole('tab', { name: 'Process Details' }).click();
  await expectNoSidewaysScroll(page, 'Prerequisites and steps at 390 px');
  await page.getByRole('tab', { name: 'Complaint Form' }).click();
  await expectNoSidewaysScroll(page, 'Who sees each field at 390 px');
  await page.screenshot({ path: 'reports/screens/workflow-builder-settings-phone.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 850 });

  // Reload: everything is as saved.
  await page.goto(address);
  await expect(page.getByRole('tab', { name: 'Process Details' })).toBeVisible({ timeout: 20_000 });
  await expect(prerequisites).toContainText('Internal Committee constituted for Pune');
  await expect(prerequisites).toContainText('Notified to all staff');
  await expect(steps.getByRole('listitem').nth(0)).toContainText('Tell the employer');
  await expect(steps.getByRole('listitem').nth(0)).toContainText('Notify, Inform respondent');
  await expect(steps.getByRole('listitem').nth(1)).toContainText('Hearing');
  await page.getByRole('button', { name: 'Edit step Tell the employer' }).click();
  await expect(drawer.getByRole('form', { name: 'Mail of Inform respondent' }).getByLabel('Mail message')).toHaveValue(
    'Case {{caseNumber}} names you. Please reply by {{dueDate}} with documents and witnesses.',
  );
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await page.getByRole('tab', { name: 'Complaint Form' }).click();
  await expect(incident.getByRole('listitem').nth(0)).toContainText('What happened, in your own words');
  await expect(incident.getByRole('listitem').nth(0)).toContainText('File: how-to-describe.pdf');
  await expect(who.getByRole('checkbox', { name: 'Respondent' })).toBeChecked();
  await page.getByRole('tab', { name: 'Stages of Redressal' }).click();
  await expect(escalation.getByLabel('First threshold (days after due)')).toHaveValue('2');
  await expect(escalation.getByLabel('Second threshold (days after due)')).toHaveValue('5');
  await expect(escalation).toContainText('admin@acme.test');
  await expect(escalation.getByRole('switch', { name: 'Escalation enabled' })).toBeChecked();

  // Published: the version's settings are shown with their controls disabled, and the reason.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('This version is read-only.')).toBeVisible();
  await page.getByRole('tab', { name: 'Process Details' }).click();
  await expect(
    page.getByRole('button', { name: 'Remove prerequisite Internal Committee constituted for Pune' }),
  ).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Add prerequisite' })).toBeDisabled();
  await expect(
    page.getByText('This version is read-only: create a new version from it to change this.').first(),
  ).toBeVisible();
  // The mails stay readable.
  await expect(page.getByRole('list', { name: 'Action mails' })).toContainText(
    'Please reply by {{dueDate}} with documents and witnesses.',
  );
  await page.getByRole('tab', { name: 'Complaint Form' }).click();
  await expect(who.getByRole('checkbox', { name: 'Respondent' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Edit field What happened, in your own words' })).toHaveCount(0);
  await expectAccessible(page, 'Published version settings');
});
