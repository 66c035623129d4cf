import { expect, test } from './support/test';
import { ownWorkspace, signIn, url } from './support/app';
import { expectAccessible } from './support/accessibility';

// Maintenance and the elevated-IP mode close a workspace to everyone: each journey closes a workspace of its own (made
// through the platform API), so it runs beside the others. The gates are per workspace (server/platform/workspace-gates.ts);
// the flags' lists of workspaces are shared, and no other journey writes them (platform-tools only cancels its edits).
test('the platform admin switches maintenance on and the workspace shows the maintenance page within one poll', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const platform = await (await browser.newContext()).newPage();
  const own = await ownWorkspace(platform, { name: 'Maintenance' });
  const host = `${own.site}.localhost`;
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
  await signIn(member, own.site, own.admin.email);
  await expect(member.getByRole('heading', { name: `Welcome, ${own.admin.firstName}` })).toBeVisible();
  // The dashboard's lazily loaded parts are in before the workspace closes under them.
  await expect(member.getByText('By business unit', { exact: true })).toBeVisible();

  expect(await setMaintenance([host])).toBe(200);
  // The flag poller runs every 20 s: the page changes without a reload.
  await expect(member.getByText('Scheduled maintenance')).toBeVisible({ timeout: 25_000 });
  await expect(member.getByRole('heading', { name: `Welcome, ${own.admin.firstName}` })).toHaveCount(0);
  // The sign-in page of the workspace is under maintenance too; the main site and the other workspaces are not.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(url(own.site, '/signin'));
  await expect(visitor.getByText('Scheduled maintenance')).toBeVisible();
  await visitor.goto(url('main', '/'));
  await expect(visitor.getByRole('heading', { level: 1 })).toContainText('Prevent workplace harassment');
  await expectAccessible(visitor, 'the page');
  await visitor.goto(url('globex', '/signin'));
  await expect(visitor.getByRole('heading', { name: 'Sign in to Globex' })).toBeVisible();

  expect(await setMaintenance([])).toBe(200);
  await expect(member.getByRole('heading', { name: `Welcome, ${own.admin.firstName}` })).toBeVisible({
    timeout: 25_000,
  });
});

test('the elevated-IP mode shuts out other networks within one poll, and lets the allowed ones in', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const platform = await (await browser.newContext()).newPage();
  const own = await ownWorkspace(platform, { name: 'Elevated' });
  const host = `${own.site}.localhost`;
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
  const workspaceId = own.workspaceId;

  const member = await (await browser.newContext()).newPage();
  await signIn(member, own.site, own.admin.email);
  // The page must have started (its flag poll running) before the mode changes under it.
  await expect(member.getByRole('heading', { name: `Welcome, ${own.admin.firstName}` })).toBeVisible();
  await expect(member.getByText('By business unit', { exact: true })).toBeVisible();
  await member.waitForLoadState('networkidle');

  // Only a documentation range is allowed: this machine's loopback is not in it.
  expect(
    await call('PUT', `/main-api/api/admin/workspace/${workspaceId}/ip-ranges`, {
      ranges: [{ cidr: '192.0.2.0/24', label: 'Head office' }],
    }),
  ).toBe(200);
  expect(
    await call('PUT', '/main-api/api/feature-flags/workspaces', {
      key: 'elevateip',
      enabledWorkspaces: [{ workspaceUrl: host }],
    }),
  ).toBe(200);
  await expect(member.getByText('Not available from this network')).toBeVisible({ timeout: 25_000 });
  const visitor = await (await browser.newContext()).newPage();
  const refused = await visitor.goto(url(own.site, '/signin'));
  expect(refused?.status()).toBe(403);
  const closed = `${own.companyName} is not available from this network`;
  await expect(visitor.getByRole('heading', { name: closed })).toBeVisible();
  await expectAccessible(visitor, closed);
  // Another workspace is not closed by it.
  expect((await visitor.goto(url('globex', '/signin')))?.status()).toBe(200);

  // Loopback allowed: in again.
  expect(
    await call('PUT', `/main-api/api/admin/workspace/${workspaceId}/ip-ranges`, {
      ranges: [{ cidr: '127.0.0.0/8' }, { cidr: '::1/128' }],
    }),
  ).toBe(200);
  await visitor.goto(url(own.site, '/signin'));
  await expect(visitor.getByRole('heading', { name: `Sign in to ${own.companyName}` })).toBeVisible();
  await expectAccessible(visitor, `Sign in to ${own.companyName}`);
  expect(await call('PUT', '/main-api/api/feature-flags/workspaces', { key: 'elevateip', enabledWorkspaces: [] })).toBe(
    200,
  );
});
