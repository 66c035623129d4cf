import { expect, test, type Page } from './support/test';
import { url } from './support/app';
import { expectAccessible } from './support/accessibility';

/** At the local identity provider's page (e2e/support/oidc-idp.ts): type the account's email and sign in. */
async function signInAtProvider(page: Page, provider: 'Google' | 'Microsoft', email: string): Promise<void> {
  await expect(page.getByRole('heading', { name: `Local ${provider} (test identity provider)` })).toBeVisible();
  await page.getByLabel('Account email').fill(email);
  await page.getByRole('button', { name: `Sign in at local ${provider}` }).click();
}

test.describe('Google and Microsoft sign-in', () => {
  test('an Acme employee continues with Google, signs in at the provider, and lands on the dashboard', async ({
    page,
  }) => {
    await page.goto(url('acme', '/signin'));
    await expect(page.getByRole('heading', { name: 'Sign in to Acme' })).toBeVisible();
    await expectAccessible(page, 'Sign in to Acme');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await signInAtProvider(page, 'Google', 'employee@acme.test');
    await expect(page).toHaveURL(url('acme', '/dashboard'));
    // The session check can be slow on a busy machine: the landing page gets more time than the default.
    await expect(page.getByRole('heading', { name: 'Welcome, Esha' })).toBeVisible({ timeout: 30_000 });
  });

  test('an Acme employer continues with Microsoft and lands on the dashboard', async ({ page }) => {
    await page.goto(url('acme', '/signin'));
    await page.getByRole('link', { name: 'Continue with Microsoft' }).click();
    await signInAtProvider(page, 'Microsoft', 'employer@acme.test');
    await expect(page).toHaveURL(url('acme', '/dashboard'));
    await expect(page.getByRole('heading', { name: 'Welcome, Emil' })).toBeVisible({ timeout: 30_000 });
  });

  test('someone with no account is asked to get an invite, and no account is made', async ({ page }) => {
    await page.goto(url('acme', '/signin'));
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await signInAtProvider(page, 'Google', 'stranger@example.com');
    await expect(page).toHaveURL(/\/signin\?signInError=not-invited&provider=google$/);
    await expect(page.getByText('Ask your admin for an invite')).toBeVisible();
    await expect(page.getByText('has no account in Acme')).toBeVisible();
    // Still on the sign-in page, signed out: the dashboard sends us back.
    await page.goto(url('acme', '/dashboard'));
    await expect(page).toHaveURL(/\/signin\?redirect=/);
  });

  test('a workspace that has not enabled them shows neither', async ({ page }) => {
    await page.goto(url('globex', '/signin'));
    await expect(page.getByRole('heading', { name: 'Sign in to Globex' })).toBeVisible();
    await expectAccessible(page, 'Sign in to Globex');
    await expect(page.getByRole('link', { name: /Continue with/ })).toHaveCount(0);
  });
});
