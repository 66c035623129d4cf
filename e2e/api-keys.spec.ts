import { expect as baseExpect, test, type Page } from './support/test';
import { signIn, url } from './support/app';
import { atPhoneWidth, expectAccessible, expectOneH1 } from './support/accessibility';

// The machine this runs on may be shared and loaded: give each step room.
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/** The other system's call: the report preview with the key, from the workspace's origin (as a script there would). */
async function previewWithKey(page: Page, secret: string): Promise<number> {
  return page.evaluate(async (key) => {
    const res = await fetch('/learning-api/api/reports/preview', {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ columns: ['userStatus'], isCourseInclude: true, isPolicyInclude: false }),
    });
    return res.status;
  }, secret);
}

test('an admin creates an API key, copies its secret once, sees it used, and revokes it', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, 'acme', 'admin@acme.test');
  await page.goto(url('acme', '/organisation/settings?tab=api-keys'));
  await expect(page.getByRole('heading', { level: 1, name: 'Workspace settings' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create API key' })).toBeVisible();
  await expect(page.getByLabel('SCIM groups are')).toBeVisible();
  await expectAccessible(page, 'Workspace settings, API keys');
  await expectOneH1(page, 'Workspace settings, API keys');
  await atPhoneWidth(page, 'Workspace settings, API keys');

  const name = `Reporting ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Create API key' }).click();
  const drawer = page.getByRole('dialog', { name: 'Create API key' });
  await drawer.getByLabel('Name').fill(name);
  await drawer.getByLabel('Read reports (reports:read)').check();
  await expectAccessible(page, 'Create API key drawer');
  await drawer.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'Copy the key now' });
  await expect(shown.getByText(`This is the only time the secret of ${name} is shown.`)).toBeVisible();
  const secret = (await shown.getByTestId('api-key-secret').textContent())!.trim();
  expect(secret).toMatch(/^spk_/);
  await expect(shown.getByRole('button', { name: 'Copy key' })).toBeVisible();
  await expectAccessible(page, 'API key secret');
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByText('Never')).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();
  await expect(page.getByText(secret)).toBeHidden();

  // The other system calls with the key; the list then shows its last use.
  expect(await previewWithKey(page, secret)).toBe(200);
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: name }).getByText('Never')).toHaveCount(0);

  await page.getByRole('button', { name: `Revoke ${name}` }).click();
  await page.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: `${name} is revoked` })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name }).getByText('Revoked')).toBeVisible();
  expect(await previewWithKey(page, secret)).toBe(401);
});
