import { expect, test } from './support/test';
import { fetchStatus, PASSWORD, signInThroughPage, url } from './support/app';
import { expectAccessible } from './support/accessibility';

test.describe('sign-in', () => {
  test('an admin signs in by email on the workspace, sees the shell, and signs out', async ({ page }) => {
    await page.goto(url('acme', '/signin'));
    await expect(page.getByRole('heading', { name: 'Sign in to Acme' })).toBeVisible();
    await expectAccessible(page, 'Sign in to Acme');
    await page.getByLabel('Email or username').fill('admin@acme.test');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Asha' })).toBeVisible();
    // Workspace admins see all business units by default.
    await expect(page.getByLabel('Business unit')).toBeVisible();
    await expect(page.locator('.ant-select-content, .ant-select-selection-item').first()).toHaveText(
      'All Business Units',
    );
    await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Redressal workflows')).toBeVisible();

    // The account menu opens from the keyboard and closes with Escape. Its name starts with the name it shows
    // (WCAG 2.5.3, label in name: a voice user says what they see).
    const accountMenu = page.getByRole('button', { name: 'Asha Admin, account menu', exact: true });
    await expect(accountMenu.locator('.shell-account-name')).toHaveText('Asha Admin');
    await accountMenu.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeHidden();

    await accountMenu.click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    // The session is gone: the dashboard sends us back to sign-in.
    await page.goto(url('acme', '/dashboard'));
    await expect(page).toHaveURL(/\/signin\?redirect=/);
  });

  test('a username signs in too, and an employee sees only their menu', async ({ page }) => {
    await signInThroughPage(page, 'acme', 'acme.employee');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByText('Dashboard')).toBeVisible();
    await expect(nav.getByText('Redressal workflows')).toHaveCount(0);
    await expect(nav.getByText('Import users')).toHaveCount(0);
  });

  test('a wrong password gets one clear message that does not reveal the account', async ({ page }) => {
    await page.goto(url('acme', '/signin'));
    await page.getByLabel('Email or username').fill('employer@acme.test');
    await page.getByLabel('Password').fill('definitely-wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('The email, username or password is not correct.');
    await page.getByLabel('Email or username').fill('nobody-here@acme.test');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('The email, username or password is not correct.');
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('a requested redirect is honoured only on this workspace or the main site', async ({ page }) => {
    await page.goto(url('acme', `/signin?redirect=${encodeURIComponent('https://evil.example/steal')}`));
    await page.getByLabel('Email or username').fill('employee@acme.test');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(url('acme', '/dashboard'));
    // Let the dashboard's own calls finish: once the cookie is gone they would (rightly) send the page to /signin.
    // An employee has one business unit and no choice: its name, not a picker with one entry.
    await expect(page.getByText(/^Business unit: Acme/)).toBeVisible();
    await expect(page.getByLabel('Business unit')).toHaveCount(0);
    await page.waitForLoadState('networkidle');

    // Leave the app before its cookie goes: a call of the dashboard's still under way would answer 401 and send the
    // page to /signin itself, racing the next load (its redirect lost, or the load aborted).
    await page.goto('about:blank');
    await page.context().clearCookies();
    const own = url('acme', '/dashboard?from=redirect');
    await page.goto(url('acme', `/signin?redirect=${encodeURIComponent(own)}`));
    await page.getByLabel('Email or username').fill('employee@acme.test');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(own);
  });

  test('on the main site a member finds their workspace and is sent to its host', async ({ page }) => {
    await signInThroughPage(page, 'main', 'employer@acme.test');
    await expect(page.getByRole('heading', { name: 'Your workspaces' })).toBeVisible();
    await expectAccessible(page, 'Your workspaces');
    await page.getByRole('link', { name: 'Continue to Acme' }).click();
    await expect(page).toHaveURL(url('acme', '/signin'));
    await expect(page.getByRole('heading', { name: 'Sign in to Acme' })).toBeVisible();
    await expectAccessible(page, 'Sign in to Acme');
  });

  test('the main site has a real home page', async ({ page }) => {
    await page.goto(url('main', '/'));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Prevent workplace harassment');
    await expectAccessible(page, 'the page');
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  });
});

test.describe('tenancy', () => {
  test('a Globex admin cannot sign in at Acme, and an Acme session is worthless at Globex', async ({
    page,
    context,
  }) => {
    await page.goto(url('acme', '/signin'));
    await page.getByLabel('Email or username').fill('admin@globex.test');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('The email, username or password is not correct.');

    await signInThroughPage(page, 'acme', 'admin@acme.test');
    const cookies = await context.cookies(url('acme'));
    const token = cookies.find((c) => c.name === 'sp_token')!.value;
    // And Globex's page does not know the Acme user.
    await page.goto(url('globex', '/dashboard'));
    await expect(page).toHaveURL(/globex\.localhost.*\/signin/);
    await expect(page.getByRole('heading', { name: 'Sign in to Globex' })).toBeVisible();
    await expectAccessible(page, 'Sign in to Globex');
    // The Acme token, presented at Globex's API, is refused.
    expect(await fetchStatus(page, '/main-api/api/user/details', token)).toBe(401);
  });

  test('a lost session (401) clears the token and lands on /signin', async ({ page, context }) => {
    await signInThroughPage(page, 'acme', 'employee@acme.test');
    await expect(page.getByText(/^Business unit: Acme/)).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Revoke the session on the server behind the page's back.
    const token = (await context.cookies(url('acme'))).find((c) => c.name === 'sp_token')!.value;
    expect(await fetchStatus(page, '/main-api/api/user/sign-out', token)).toBe(200);
    await page.goto(url('acme', '/dashboard'));
    await expect(page).toHaveURL(/\/signin/);
    expect((await context.cookies(url('acme'))).find((c) => c.name === 'sp_token')).toBeUndefined();
  });
});
