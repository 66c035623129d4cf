import { expect as baseExpect, test } from './support/test';
import { signIn, url } from './support/app';
import { expectAccessible } from './support/accessibility';

const expect = baseExpect.configure({ timeout: 30_000 });

test.use({ actionTimeout: 30_000 });

test('an admin mails a saved report every week to a chosen admin, then stops it', async ({ page }) => {
  test.setTimeout(180_000);
  const name = `Weekly audit ${Date.now().toString(36)}`;
  await signIn(page, 'acme', 'admin@acme.test');
  await page.goto(url('acme', '/reports'));
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await page.getByLabel('Report name').fill(name);
  await page.getByRole('button', { name: 'Save report' }).click();
  await page.getByRole('button', { name: 'Mail on a schedule' }).click();

  const drawer = page.getByRole('dialog', { name: `Mail “${name}” on a schedule` });
  await expect(drawer.getByText('Only admins who may read reports can receive it', { exact: false })).toBeVisible();
  await drawer.getByLabel('Send to').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: 'admin@acme.test' })
    .first()
    .click();
  await page.keyboard.press('Escape');
  await drawer.getByRole('button', { name: 'Start mailing' }).click();
  await expect(drawer.getByText(/Mailed every week; next on /)).toBeVisible();
  await expectAccessible(page, 'Reports, a saved report mailed on a schedule');

  await drawer.getByRole('button', { name: 'Stop mailing' }).click();
  await expect(drawer.getByRole('button', { name: 'Start mailing' })).toBeVisible();
  await expect(drawer.getByText(/Mailed every week/)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('button', { name: 'Mail on a schedule' })).toHaveCount(0);
});
