import { expect, test, type Page } from './support/test';
import { fetchStatus, PASSWORD, url } from './support/app';
import { expectAccessible } from './support/accessibility';

async function signIn(page: Page, email: string) {
  await page.goto(url('acme', '/signin'));
  await page.getByLabel('Email or username').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

const token = async (page: Page) =>
  (await page.context().cookies(url('acme'))).find((c) => c.name === 'sp_token')!.value;
const INVITES = '/main-api/api/invite/unused/count';

test.describe('permissions', () => {
  test('an admin switches "Invite people" off for business-unit admins: their menu loses it and the call answers 403; switched back, both return', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const adminContext = await browser.newContext();
    const unitContext = await browser.newContext();
    const admin = await adminContext.newPage();
    const unitAdmin = await unitContext.newPage();
    const box = () => admin.getByRole('checkbox', { name: 'Invite people for Business Unit Admin', exact: true });
    try {
      await signIn(admin, 'admin@acme.test');
      await admin.getByRole('navigation', { name: 'Main' }).getByText('Permissions', { exact: true }).click();
      await expect(admin).toHaveURL(/\/organisation\/permissions$/);
      const table = admin.getByRole('table');
      await expect(box()).toBeChecked();
      // A workspace admin's own permissions are fixed; employees never invite.
      await expect(
        admin.getByRole('checkbox', { name: 'Invite people for Workspace Admin', exact: true }),
      ).toBeDisabled();
      await expect(admin.getByRole('checkbox', { name: 'Invite people for Employee', exact: true })).toHaveCount(0);
      await expect(table.getByRole('columnheader', { name: 'Workspace Admin (fixed)' })).toBeVisible();
      await expectAccessible(admin, 'Permissions');

      // The business-unit admin sees "Import users" to begin with.
      await signIn(unitAdmin, 'buadmin@acme.test');
      const unitMenu = unitAdmin.getByRole('navigation', { name: 'Main' });
      await expect(unitMenu.getByText('Import users', { exact: true })).toBeVisible();
      await expectAccessible(unitAdmin, 'Dashboard of a business-unit admin');
      expect(await fetchStatus(unitAdmin, INVITES, await token(unitAdmin))).toBe(200);

      // Off, from the keyboard, and saved.
      await expect(admin.getByRole('button', { name: 'Save permissions' })).toBeDisabled();
      await box().focus();
      await admin.keyboard.press('Space');
      await expect(box()).not.toBeChecked();
      await admin.getByRole('button', { name: 'Save permissions' }).click();
      await expect(admin.getByRole('status').filter({ hasText: 'Permissions saved' })).toBeVisible();
      await admin.reload();
      // A reload checks the session again; slow on a busy machine.
      await expect(box()).not.toBeChecked({ timeout: 30_000 });

      // Their menu (and dashboard) no longer has it, and the server refuses the call.
      await unitAdmin.reload();
      await expect(unitMenu.getByText('Business units', { exact: true })).toBeVisible({ timeout: 30_000 });
      await expect(unitMenu.getByText('Import users', { exact: true })).toHaveCount(0);
      await expect(unitAdmin.getByRole('link', { name: /Import users/ })).toHaveCount(0);
      expect(await fetchStatus(unitAdmin, INVITES, await token(unitAdmin))).toBe(403);

      // Back on.
      await box().check();
      await admin.getByRole('button', { name: 'Save permissions' }).click();
      await expect(admin.getByRole('status').filter({ hasText: 'Permissions saved' })).toBeVisible();
      await unitAdmin.reload();
      await expect(unitMenu.getByText('Import users', { exact: true })).toBeVisible({ timeout: 30_000 });
      expect(await fetchStatus(unitAdmin, INVITES, await token(unitAdmin))).toBe(200);
    } finally {
      // Whatever happened, leave the shared demo workspace as other journeys expect it.
      await admin
        .evaluate(
          async ([t]) =>
            fetch('/main-api/api/permission/update', {
              method: 'POST',
              headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' },
              body: JSON.stringify({ role: 'BRANCH_ADMIN', permissions: { 'invites.manage': true } }),
            }),
          [await token(admin).catch(() => '')] as const,
        )
        .catch(() => undefined);
      await adminContext.close();
      await unitContext.close();
    }
  });
});
