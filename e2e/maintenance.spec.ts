import { expect, test } from '@playwright/test';
import { signIn, url } from './support/app';

// Runs last and alone (its own Playwright project, playwright.config.ts): maintenance closes Globex to everyone.
test('the platform admin switches maintenance on and the workspace shows the maintenance page within one poll', async ({ browser }) => {
  test.setTimeout(90_000);
  const platform = await (await browser.newContext()).newPage();
  await signIn(platform, 'main', 'platform@demo.test');
  const token = (await platform.context().cookies(url('main'))).find((c) => c.name === 'sp_token')!.value;
  const setMaintenance = (urls: string[]) =>
    platform.evaluate(
      async ([t, u]) =>
        (
          await fetch('/main-api/api/feature-flags/workspaces', {
            method: 'PUT',
            headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' },
            body: JSON.stringify({ key: 'maintenance', enabledWorkspaces: u.map((workspaceUrl) => ({ workspaceUrl })) }),
          })
        ).status,
      [token, urls] as const,
    );

  const member = await (await browser.newContext()).newPage();
  await signIn(member, 'globex', 'admin@globex.test');
  await expect(member.getByRole('heading', { name: 'Welcome, Gita' })).toBeVisible();

  expect(await setMaintenance(['globex.localhost'])).toBe(200);
  // The flag poller runs every 20 s: the page changes without a reload.
  await expect(member.getByText('Scheduled maintenance')).toBeVisible({ timeout: 25_000 });
  await expect(member.getByRole('heading', { name: 'Welcome, Gita' })).toHaveCount(0);
  // The sign-in page of the workspace is under maintenance too; the main site is not.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(url('globex', '/signin'));
  await expect(visitor.getByText('Scheduled maintenance')).toBeVisible();
  await visitor.goto(url('main', '/'));
  await expect(visitor.getByRole('heading', { level: 1 })).toContainText('Prevent workplace harassment');

  expect(await setMaintenance([])).toBe(200);
  await expect(member.getByRole('heading', { name: 'Welcome, Gita' })).toBeVisible({ timeout: 25_000 });
});
