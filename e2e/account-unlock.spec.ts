import { expect, test, type Page } from './support/test';
import { api, latestCode, PASSWORD, signInThroughPage, url } from './support/app';
import { expectAccessible } from './support/accessibility';

// The journeys' server locks an account after 5 wrong codes (CODE_LOCKOUT_AFTER=5 in playwright.config.ts; 100 by default).
const LOCK_AFTER = 5;
// Globex's seeded employee: no other journey signs in as them.
const EMAIL = 'employee@globex.test';

/** The newest message of the development outbox to `email`. */
async function latestMessage(page: Page, email: string): Promise<{ subject: string | null; body: string }> {
  const outbox = await page.context().newPage();
  try {
    await outbox.goto(url('main', `/dev/outbox?format=json&to=${encodeURIComponent(email)}`));
    const messages = JSON.parse((await outbox.locator('body').textContent()) ?? '[]') as {
      subject: string | null;
      body: string;
    }[];
    return messages[0];
  } finally {
    await outbox.close();
  }
}

async function askForCode(page: Page) {
  await page.goto(url('globex', '/signin'));
  await page.getByRole('button', { name: 'Use a code sent by email instead' }).click();
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByText(`If ${EMAIL} belongs to an account here`)).toBeVisible();
}

test('wrong codes lock an account; an admin unlocks it in People, the security log shows both, and the person signs in', async ({
  browser,
}) => {
  // Several sign-ins and code checks: slow on a busy machine.
  test.setTimeout(300_000);
  const employeeContext = await browser.newContext();
  const adminContext = await browser.newContext();
  try {
    // The employee has signed in from this browser's address before: only wrong codes from an address the account
    // uses can lock it (a stranger's cannot, docs/identity.md "Locks and limits").
    const employee = await employeeContext.newPage();
    await employee.goto(url('globex', '/signin'));
    await api(employee, 'POST', '/main-api/api/user/signin', { userEmail: EMAIL, userPassword: PASSWORD });
    // The employee (or someone at the same address) types wrong codes until the account locks.
    await askForCode(employee);
    const code = await latestCode(employee, EMAIL);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < LOCK_AFTER; i++) {
      await employee.getByLabel('6-digit code').fill(wrong);
      const answered = employee.waitForResponse((r) => r.url().includes('/api/user/signin-verify-otp'));
      await employee.getByRole('button', { name: 'Sign in' }).click();
      expect((await answered).status()).toBe(401);
      await expect(employee.getByRole('alert')).toContainText('not correct');
    }
    // Locked: a new request brings no code, and the mail says why instead.
    await askForCode(employee);
    const notice = await latestMessage(employee, EMAIL);
    expect(notice.subject).toBe('Your Globex account is locked for now');
    expect(notice.body).not.toMatch(/\b\d{6}\b/);

    // The admin was told, and lifts the lock from the person's page in People.
    const admin = await adminContext.newPage();
    expect((await latestMessage(admin, 'admin@globex.test')).subject).toBe('An account was locked in Globex');
    await signInThroughPage(admin, 'globex', 'admin@globex.test');
    // The app's first start after sign-in can be slow on a busy machine.
    await expect(admin.getByRole('heading', { name: 'Welcome, Gita' })).toBeVisible({ timeout: 60_000 });
    await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'People', exact: true }).click();
    await expect(admin.getByRole('heading', { name: 'People', level: 1 })).toBeVisible();
    const box = admin.getByRole('searchbox', { name: 'Search people' });
    await box.fill(EMAIL);
    await box.press('Enter');
    const row = admin.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: EMAIL });
    await expect(row).toContainText('Locked after too many wrong codes');
    await row.getByRole('button', { name: 'Edit Gabe Worker' }).click();
    const drawer = admin.getByRole('dialog', { name: 'Edit Gabe Worker' });
    await drawer.getByRole('button', { name: 'Unlock account' }).click();
    const confirm = admin.getByRole('dialog', { name: `Unlock ${EMAIL}?` });
    await expectAccessible(admin, 'Unlock confirmation');
    await confirm.getByRole('button', { name: 'Unlock account' }).click();
    await expect(admin.getByText(`Unlocked ${EMAIL}: they can sign in with a code again`)).toBeVisible();
    // The drawer no longer offers an unlock.
    await expect(drawer.getByRole('button', { name: 'Unlock account' })).toHaveCount(0);
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
    await expect(row).not.toContainText('Locked after too many wrong codes');

    // The security log has the lock and the unlock, by whom and concerning whom.
    await admin.getByRole('navigation', { name: 'Main' }).getByText('Security log').click();
    await admin.getByText('Security events', { exact: true }).click();
    const unlocked = admin.getByRole('row').filter({ hasText: 'Account unlocked by an admin' }).first();
    await expect(unlocked).toContainText('admin@globex.test');
    await expect(unlocked).toContainText(EMAIL);
    await expect(
      admin.getByRole('row').filter({ hasText: 'Account locked' }).filter({ hasText: EMAIL }).first(),
    ).toBeVisible();
    await expectAccessible(admin, 'Security log');

    // The employee signs in with a new code.
    await askForCode(employee);
    await employee.getByLabel('6-digit code').fill(await latestCode(employee, EMAIL));
    await employee.getByRole('button', { name: 'Sign in' }).click();
    await expect(employee).toHaveURL(/\/dashboard$/);
    await expect(employee.getByRole('heading', { name: 'Welcome, Gabe' })).toBeVisible({ timeout: 60_000 });
  } finally {
    await employeeContext.close();
    await adminContext.close();
  }
});
