import { expect, test } from './support/test';
import { PASSWORD, signInThroughPage, url } from './support/app';
import { expectAccessible } from './support/accessibility';

const NEW_PASSWORD = 'a long and quiet harbour at dawn';

test('a member changes their password: this session stays, the other one ends, the new password works', async ({
  browser,
}) => {
  // Four argon2 sign-ins and a change: slow on a busy machine.
  test.setTimeout(120_000);
  const email = 'pooja.das15@acme.test';
  const laptop = await browser.newContext();
  const phone = await browser.newContext();
  try {
    const other = await phone.newPage();
    await signInThroughPage(other, 'acme', email);

    const page = await laptop.newPage();
    await signInThroughPage(page, 'acme', email);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Your profile' }).click();
    await expect(page.getByRole('heading', { name: 'Password' })).toBeVisible();
    await expectAccessible(page, 'Password');

    // A wrong current password is named on its field and changes nothing.
    await page.getByLabel('Current password').fill('not my password at all');
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your current password is not correct.')).toBeVisible();

    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'you were signed out of 1 other session' })).toBeVisible();
    await expect(page.getByLabel('Current password')).toHaveValue('');

    // This session carries on; the other one is gone.
    await page.goto(url('acme', '/dashboard'));
    await expect(page).toHaveURL(/\/dashboard$/);
    await other.goto(url('acme', '/dashboard'));
    await expect(other).toHaveURL(/\/signin/);
    await signInThroughPage(other, 'acme', email, NEW_PASSWORD);
  } finally {
    await laptop.close();
    await phone.close();
  }
});
