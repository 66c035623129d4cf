import { expect, test } from './support/test';
import { signIn, url } from './support/app';
import { expectAccessible } from './support/accessibility';

// Runs last and alone (its own Playwright project, playwright.config.ts): maintenance closes Globex to everyone.
test('the platform admin switches maintenance on and the workspace shows the maintenance page within one poll', async ({
  browser,
}) => {
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
            body: JSON.stringify({
              key: 'maintenance',
              enabledWorkspaces: u.map((workspaceUrl) => ({ workspaceUrl })),
            }),
          })
        ).status,
      [token, urls] as const,
    );

  const member = await (await browser.newContext()).newPage();
  await signIn(member, 'globex', 'admin@globex.test');
  await expect(member.getByRole('heading', { name: 'Welcome, Gita' })).toBeVisible();
  // The dashboard's lazily loaded parts are in before the workspace closes under them.
  await expect(member.getByText('By business unit', { exact: true })).toBeVisible();

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
  await expectAccessible(visitor, 'the page');

  expect(await setMaintenance([])).toBe(200);
  await expect(member.getByRole('heading', { name: 'Welcome, Gita' })).toBeVisible({ timeout: 25_000 });
});

// Also closes Globex: runs here, after every other journey.
test('the elevated-IP mode shuts out other networks within one poll, and lets the allowed ones in', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const platform = await (await browser.newContext()).newPage();
  await signIn(platform, 'main', 'platform@demo.test');
  const token = (await platform.context().cookies(url('main'))).find((c) => c.name === 'sp_token')!.value;
  const call = (method: string, path: string, body: unknown) =>
    platform.evaluate(
      async ([t, m, p, b]) =>
        (
          await fetch(p, {
            method: m,
            headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' },
            body: JSON.stringify(b),
          })
        ).status,
      [token, method, path, body] as const,
    );
  const globexId = await platform.evaluate(
    async () =>
      (await (await fetch('/main-api/api/workspace/company-profile/globex.localhost')).json()).workspaceId as string,
  );

  const member = await (await browser.newContext()).newPage();
  await signIn(member, 'globex', 'admin@globex.test');
  // The page must have started (its flag poll running) before the mode changes under it.
  await expect(member.getByRole('heading', { name: 'Welcome, Gita' })).toBeVisible();
  await expect(member.getByText('By business unit', { exact: true })).toBeVisible();
  await member.waitForLoadState('networkidle');

  // Only a documentation range is allowed: this machine's loopback is not in it.
  expect(
    await call('PUT', `/main-api/api/admin/workspace/${globexId}/ip-ranges`, {
      ranges: [{ cidr: '192.0.2.0/24', label: 'Head office' }],
    }),
  ).toBe(200);
  expect(
    await call('PUT', '/main-api/api/feature-flags/workspaces', {
      key: 'elevateip',
      enabledWorkspaces: [{ workspaceUrl: 'globex.localhost' }],
    }),
  ).toBe(200);
  await expect(member.getByText('Not available from this network')).toBeVisible({ timeout: 25_000 });
  const visitor = await (await browser.newContext()).newPage();
  const refused = await visitor.goto(url('globex', '/signin'));
  expect(refused?.status()).toBe(403);
  await expect(visitor.getByRole('heading', { name: 'Globex is not available from this network' })).toBeVisible();
  await expectAccessible(visitor, 'Globex is not available from this network');

  // Loopback allowed: in again.
  expect(
    await call('PUT', `/main-api/api/admin/workspace/${globexId}/ip-ranges`, {
      ranges: [{ cidr: '127.0.0.0/8' }, { cidr: '::1/128' }],
    }),
  ).toBe(200);
  await visitor.goto(url('globex', '/signin'));
  await expect(visitor.getByRole('heading', { name: 'Sign in to Globex' })).toBeVisible();
  await expectAccessible(visitor, 'Sign in to Globex');
  expect(await call('PUT', '/main-api/api/feature-flags/workspaces', { key: 'elevateip', enabledWorkspaces: [] })).toBe(
    200,
  );
});
