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

/**
 * Picks an option of an antd Select (single or multiple) by its label, until the field shows it. Under load a click
 * on the open list can land where the option was before antd re-aligned the list (see e2e/courses.spec.ts), and
 * then nothing is chosen: the rehearsal of 25 Nov saw "Add action" send an action without its party. A choice the
 * field already shows is never clicked again (in a multiple select that would take it away).
 */
async function chooseOption(page: Page, label: string, option: string) {
  const field = page.getByLabel(label, { exact: true });
  const chosen = field
    .locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]')
    .locator(`[title="${option}"]`);
  await expect(async () => {
    if ((await chosen.count()) > 0) return;
    if ((await field.getAttribute('aria-expanded')) !== 'true') await field.click();
    await page
      .locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`)
      .click({ timeout: 5_000 });
    await expect(chosen.first()).toBeAttached({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

test('an admin designs a redressal workflow on its three tabs, reorders it, publishes it and sees it read-only', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signIn(page, 'acme', 'admin@acme.test');
  await expect(page).toHaveURL(/\/dashboard$/);

  // Setup through the API: a workflow with a draft holding one meeting step.
  const name = `Redressal ${Date.now().toString(36)}`;
  const wf = await api<{ workflowId: string }>(page, 'POST', '/workflow', { workflowName: name });
  const v = await api<{ workflowVersionId: string }>(page, 'POST', `/workflow/${wf.workflowId}/version`, {
    name: 'Draft process',
  });
  await api(page, 'POST', `/step/workflow/${v.workflowVersionId}`, { kind: 'MEETING', name: 'Hearing' });

  await page.goto(url('acme', `/workflows/${wf.workflowId}?version=${v.workflowVersionId}`));
  await expect(page.getByRole('tab', { name: 'Process Details' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 2, name: 'Version 1: Draft process' })).toBeVisible();
  // The spec's three tabs.
  await expect(page.getByRole('tab')).toHaveText(['Process Details', 'Complaint Form', 'Stages of Redressal']);
  const steps = page.getByRole('list', { name: 'Steps' });
  await expect(steps.getByRole('listitem')).toHaveCount(1);
  await expectAccessible(page, 'Process Details');

  // An action step through the add-step form, then a second action on it from its drawer.
  await page.getByRole('radio', { name: 'Action' }).check();
  await page.getByLabel('Step name').fill('Copy to respondent');
  await chooseOption(page, 'Action types', 'Inform respondent');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add step' }).click();
  await expect(steps.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Edit step Copy to respondent' }).click();
  const drawer = page.getByRole('dialog', { name: 'Step: Copy to respondent' });
  await expect(drawer).toBeVisible();
  await chooseOption(page, 'Action to add', 'Notify');
  await chooseOption(page, 'Whom to notify', 'Employer');
  await drawer.getByRole('button', { name: 'Add action' }).click();
  await expect(drawer.getByRole('list', { name: 'Actions of this step' })).toContainText('Notify (Employer)');
  // Owner and a statutory time limit.
  await chooseOption(page, 'Owner', 'Presiding officer');
  await chooseOption(page, 'Time limit', 'POSH Rule 7: copy to respondent within 7 working days');
  await drawer.getByRole('button', { name: 'Save settings' }).click();
  await expect(drawer.getByRole('status')).toContainText('Settings of "Copy to respondent" saved.');
  await expectAccessible(page, 'Step drawer');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(steps.getByRole('listitem').nth(1)).toContainText('Inform respondent, Notify');
  await expect(steps.getByRole('listitem').nth(1)).toContainText(
    'POSH Rule 7: copy to respondent within 7 working days',
  );

  // A meeting field on the hearing.
  await page.getByRole('button', { name: 'Edit step Hearing' }).click();
  const hearing = page.getByRole('dialog', { name: 'Step: Hearing' });
  await hearing.getByLabel('Meeting field label').fill('Interpreter present');
  await hearing.getByRole('checkbox', { name: 'Required at every meeting' }).check();
  await hearing.getByRole('button', { name: 'Add meeting field' }).click();
  await expect(hearing.getByRole('list', { name: 'Fields added to this meeting' })).toContainText(
    'Interpreter present',
  );
  await page.keyboard.press('Escape');
  // The drawer hands focus back to its opener when its closing animation ends, which can come a moment after it is
  // hidden: wait for the focus to be back (a focus moved before that was taken back, and Enter reopened the drawer).
  await expect(hearing).toBeHidden();
  await expect(page.getByRole('button', { name: 'Edit step Hearing' })).toBeFocused();
  await expect(steps.getByRole('listitem').nth(0)).toContainText('Interpreter present');

  // Reorder with the keyboard: the action step moves up.
  const moveUp = page.getByRole('button', { name: 'Move Copy to respondent up' });
  await moveUp.focus();
  await expect(moveUp).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(steps.getByRole('listitem').nth(0)).toContainText('Copy to respondent');
  await expect(steps.getByRole('listitem').nth(1)).toContainText('Hearing');

  // Complaint Form: the spec's parts and fields, plus one of ours.
  await page.getByRole('tab', { name: 'Complaint Form' }).click();
  await expect(page.getByRole('heading', { name: 'Complaint Form' })).toBeVisible();
  const incident = page.getByRole('list', { name: 'Incident' });
  await expect(incident.getByRole('listitem')).toHaveCount(4);
  await expect(incident.getByRole('listitem').nth(0)).toContainText('Details of the incident');
  await expect(incident.getByRole('listitem').nth(0)).toContainText('Required');
  await page.getByLabel('Field label').fill('Where it happened');
  await page.getByRole('checkbox', { name: 'Required' }).check();
  await page.getByRole('button', { name: 'Add field' }).click();
  await expect(incident.getByRole('listitem')).toHaveCount(5);
  await expect(incident.getByRole('listitem').nth(4)).toContainText('Where it happened');
  await page.getByRole('button', { name: 'Move field Where it happened up' }).click();
  await expect(incident.getByRole('listitem').nth(3)).toContainText('Where it happened');
  // The law's fields cannot be removed: no Remove button on them.
  await expect(page.getByRole('button', { name: 'Remove field Details of the incident' })).toHaveCount(0);
  await expectAccessible(page, 'Complaint Form');

  // Stages of Redressal: a stage, and the hearing put in it.
  await page.getByRole('tab', { name: 'Stages of Redressal' }).click();
  await page.getByLabel('Stage name').fill('Inquiry');
  await page.getByRole('button', { name: 'Add stage' }).click();
  const stages = page.getByRole('list', { name: 'Stages' });
  await expect(stages).toContainText('Inquiry');
  await expect(stages).toContainText('No steps in this stage yet.');
  await expectAccessible(page, 'Stages of Redressal');
  await page.getByRole('tab', { name: 'Process Details' }).click();
  await page.getByRole('button', { name: 'Edit step Hearing' }).click();
  await chooseOption(page, 'Stage', 'Inquiry');
  await page.getByRole('dialog', { name: 'Step: Hearing' }).getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Step: Hearing' }).getByRole('status')).toContainText('saved');
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Stages of Redressal' }).click();
  await expect(stages).toContainText('Steps: Hearing');

  // At phone width the page still fits.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, 'Stages of Redressal at 390 px');
  await page.screenshot({ path: 'reports/screens/workflow-builder-phone.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 850 });
  await page.screenshot({ path: 'reports/screens/workflow-builder-desktop.png', fullPage: true });

  // Publish; every tab is read-only after.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('This version is read-only.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add stage' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Remove stage Inquiry' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Complaint Form' }).click();
  await expect(page.getByRole('list', { name: 'Incident' }).getByRole('listitem').nth(3)).toContainText(
    'Where it happened',
  );
  await expect(page.getByRole('button', { name: 'Add field' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Move field Where it happened up' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Process Details' }).click();
  await expect(page.getByRole('list', { name: 'Steps' }).getByRole('listitem').nth(0)).toContainText(
    'Copy to respondent',
  );
  await expect(page.getByRole('button', { name: 'Add step' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit step Hearing' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Move Hearing up' })).toHaveCount(0);
  await expectAccessible(page, 'Published version');
});
