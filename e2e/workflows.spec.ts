import { expect, test, type Page } from './support/test';
import { PASSWORD, url } from './support/app';
import { expectAccessible } from './support/accessibility';

/**
 * Password sign-in through the real page. Local to this spec while the shared helper catches up with the
 * sign-in page's new code and mode controls (exact names keep it unambiguous on both versions of the page).
 */
async function signIn(page: Page, site: string, email: string) {
  await page.goto(url(site, '/signin'));
  await page.getByLabel('Email or username').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByLabel(label).click();
  // antd keeps closed dropdowns in the page: pick from the open one, by the option's exact title.
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

test.describe('publish a workflow version', () => {
  test('an admin builds a workflow, publishes it, and starts a new version from the published one', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const name = `Inquiry ${Date.now()}`;
    await signIn(page, 'acme', 'admin@acme.test');
    await page.getByRole('navigation', { name: 'Main' }).getByText('Redressal workflows').click();
    await expect(page).toHaveURL(/\/workflows$/);
    await expect(page.getByRole('heading', { name: 'Redressal workflows' })).toBeVisible();
    await expectAccessible(page, 'Redressal workflows');

    // Keyboard: the button opens the form, which focuses its first field.
    await page.getByRole('button', { name: 'New workflow' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New workflow' });
    await expect(dialog.getByLabel('Workflow name')).toBeFocused();
    await expectAccessible(page, 'New workflow dialog');
    await page.keyboard.type(name);
    await dialog.getByLabel('Description').fill('Inquiry by the Internal Committee');
    await dialog.getByRole('button', { name: 'Create workflow' }).click();
    await expect(page).toHaveURL(/\/workflows\/[0-9a-f-]{36}/);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByText('No versions yet')).toBeVisible();

    // A new, empty version.
    await page.getByRole('button', { name: 'New version' }).click();
    const versionDialog = page.getByRole('dialog', { name: 'New version' });
    await versionDialog.getByLabel('Version name').fill('First process');
    await versionDialog.getByRole('button', { name: 'Create version' }).click();
    await expect(page.getByRole('heading', { name: /Version 1: First process/ })).toBeVisible();
    await expectAccessible(page, /Version 1: First process/);
    await expect(page.getByRole('heading', { name: 'Process Details' })).toBeVisible();
    await expectAccessible(page, 'Process Details');
    // Nothing to publish yet.
    await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();

    // A MEETING step.
    await page.getByLabel('Step name').fill('Hearing with the complainant');
    await page.getByLabel('Step description').fill('Quorum of three including the presiding officer');
    await page.getByRole('checkbox', { name: 'Minutes of the meeting' }).check();
    await page.getByRole('button', { name: 'Add step' }).click();
    const steps = page.getByRole('list', { name: 'Steps' });
    await expect(steps.getByRole('listitem')).toHaveCount(1);
    await expect(steps).toContainText('Hearing with the complainant');
    await expect(steps).toContainText('Minutes of the meeting (optional)');

    // An ACTION step: notify needs a party.
    await page.getByRole('radio', { name: 'Action' }).check();
    await page.getByLabel('Step name').fill('Tell the employer');
    await chooseOption(page, 'Action types', 'Notify');
    await chooseOption(page, 'Action types', 'Inform employer');
    await page.keyboard.press('Escape');
    await chooseOption(page, 'Party to notify', 'Employer');
    await page.getByRole('button', { name: 'Add step' }).click();
    await expect(steps.getByRole('listitem')).toHaveCount(2);
    await expect(steps.getByRole('listitem').nth(1)).toContainText('Tell the employer');
    await expect(steps.getByRole('listitem').nth(1)).toContainText('Notify, Inform employer');

    // Publish, through the confirmation that explains archiving.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('No version is published yet.')).toBeVisible();
    await page.getByRole('tooltip').getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Version 1 is published.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Version 1: First process (Published)' })).toBeVisible();
    await expect(page.getByText('This version is read-only.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add step' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);

    // Changes go into a new version: a copy with the same steps.
    await page.getByRole('button', { name: 'Create new version from this' }).click();
    await expect(page.getByRole('heading', { name: /Version 2: First process/ })).toBeVisible();
    await expectAccessible(page, /Version 2: First process/);
    await expect(page.getByRole('button', { name: 'Version 2: First process (Draft)' })).toBeVisible();
    await expect(steps.getByRole('listitem')).toHaveCount(2);
    await expect(steps.getByRole('listitem').nth(0)).toContainText('Hearing with the complainant');
    await expect(steps.getByRole('listitem').nth(1)).toContainText('Tell the employer');
    await expect(page.getByRole('button', { name: 'Add step' })).toBeVisible();

    // The copy is a draft of its own: removing a step there leaves version 1 whole.
    await page.getByRole('button', { name: 'Remove step Tell the employer' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Step "Tell the employer" removed.' })).toBeVisible();
    await expect(steps.getByRole('listitem')).toHaveCount(1);
    await page.getByRole('button', { name: 'Version 1: First process (Published)' }).click();
    await expect(steps.getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: 'Version 2: First process (Draft)' }).click();
    await expect(steps.getByRole('listitem')).toHaveCount(1);

    // Publishing v2 would archive v1, and the confirmation says so.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('Version 1, published now, will be archived.')).toBeVisible();
    await page.getByRole('tooltip').getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Version 2: First process (Published)' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Version 1: First process (Archived)' })).toBeVisible();

    // The list shows the published version.
    await page.goto(url('acme', '/workflows'));
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('v2 · First process');
  });

  test('an admin opens the seeded POSH redressal workflow: version 1 published with the law’s owners and clocks, version 2 a draft they publish', async ({
    page,
  }) => {
    await signIn(page, 'acme', 'admin@acme.test');
    await page.goto(url('acme', '/workflows'));
    await page.getByRole('link', { name: 'POSH redressal' }).click();
    await expect(page.getByRole('heading', { name: 'POSH redressal', level: 1 })).toBeVisible();
    await expectAccessible(page, 'POSH redressal');
    await expect(page.getByText(/Internal Committee under the POSH Act/)).toBeVisible();
    await page.getByRole('button', { name: 'Version 1: Inquiry under the POSH Act (Published)' }).click();
    const steps = page.getByRole('list', { name: 'Steps' });
    await expect(steps.getByRole('listitem').nth(0)).toContainText('Send the respondent a copy');
    await expect(steps.getByRole('listitem').nth(0)).toContainText('Presiding officer');
    await expect(steps.getByRole('listitem').nth(0)).toContainText(
      'POSH Rule 7: copy to respondent within 7 working days',
    );
    await expect(steps.getByRole('listitem').nth(2)).toContainText('POSH s.11(4): inquiry completed within 90 days');
    await expect(page.getByText('This version is read-only.')).toBeVisible();
    // The draft copied from it is the next version; publishing it archives version 1.
    await page.getByRole('button', { name: /Version 2: .* \(Draft\)/ }).click();
    await expect(steps.getByRole('listitem').nth(0)).toContainText('Send the respondent a copy');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('button', { name: /Version 2: .* \(Published\)/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Version 1: Inquiry under the POSH Act (Archived)' })).toBeVisible();
    await expect(page.getByText('This version is read-only.')).toBeVisible();
    // The URL names the version: a reload shows the same version.
    await page.reload();
    await expect(page.getByText('This version is read-only.')).toBeVisible({ timeout: 30_000 });
  });

  test('an employee has no workflow builder', async ({ page }) => {
    await signIn(page, 'acme', 'employee@acme.test');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Redressal workflows')).toHaveCount(0);
  });
});
