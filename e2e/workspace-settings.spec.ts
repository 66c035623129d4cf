import { expect as baseExpect, test, type Page } from './support/test';
import { signIn, url } from './support/app';
import { expectAccessible } from './support/accessibility';

// Two people on a shared, often busy machine: each step may wait longer than the default.
const expect = baseExpect.configure({ timeout: 30_000 });
test.use({ actionTimeout: 30_000 });

/**
 * The journey works in a workspace of its own (Umbrella, created here by the platform admin), so that the shorter
 * password minimum, the custom invitation and the allow-list never meet another journey's checks at Acme, which
 * runs beside it with the defaults.
 */
const SITE = 'umbrella';

async function latestMail(page: Page, email: string): Promise<{ subject: string; body: string }> {
  const outbox = await page.context().newPage();
  try {
    await outbox.goto(url('main', `/dev/outbox?format=json&to=${encodeURIComponent(email)}`));
    const [mail] = JSON.parse((await outbox.locator('body').textContent()) ?? '[]') as {
      subject: string;
      body: string;
    }[];
    return mail;
  } finally {
    await outbox.close();
  }
}

/** A call from inside the page, with the page's own session (the cookie the app keeps its token in). */
async function api(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async ([m, p, b]) => {
      const token = decodeURIComponent(/(?:^|; )sp_token=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const res = await fetch(p, {
        method: m,
        headers: {
          authorization: `Bearer ${token}`,
          ...(b === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, json: await res.json().catch(() => null) };
    },
    [method, path, body] as const,
  );
}

test('a workspace admin lowers the password minimum to 10, keeps a sign-up allow-list, and rewords the invitation and its lifetime', async ({
  browser,
}) => {
  test.setTimeout(300_000);

  // The platform admin creates the workspace; its first admin claims the invitation.
  const platform = await (await browser.newContext()).newPage();
  await signIn(platform, 'main', 'platform@demo.test');
  const created = await api(platform, 'POST', '/main-api/api/admin/workspace/create', {
    companyName: 'Umbrella',
    workspaceUrl: `${SITE}.localhost`,
    adminEmail: 'alice@umbrella.test',
    adminFirstName: 'Alice',
    adminLastName: 'Abernathy',
  });
  expect(created.status).toBe(200);
  const adminCode = /\/invite\/([A-Za-z0-9_-]+)/.exec((await latestMail(platform, 'alice@umbrella.test')).body)![1];
  await platform.context().close();

  const admin = await (await browser.newContext()).newPage();
  await admin.goto(url(SITE, `/invite/${adminCode}`));
  await admin.getByLabel('New password').fill('umbrella stands in the rain');
  await admin.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(admin).toHaveURL(url(SITE, '/dashboard'));
  const welcome = admin.getByRole('dialog', { name: 'Welcome to Umbrella' });
  await welcome.getByRole('button', { name: 'Continue' }).click();
  // The welcome closes once the name is saved; leaving the page before that would cancel the save.
  await expect(welcome).toBeHidden();

  await admin.goto(url(SITE, '/organisation/settings'));
  await expect(admin.getByRole('heading', { name: 'Workspace settings' })).toBeVisible();
  await expectAccessible(admin, 'Workspace settings');

  // ---- Invite email: lifetime and wording.
  await admin.getByRole('tab', { name: 'Invite email' }).click();
  const lifetime = admin.getByLabel('Invitation links work for (days)', { exact: true });
  await expect(lifetime).toHaveValue('14');
  await lifetime.fill('91');
  await admin.getByRole('button', { name: 'Save invitation lifetime' }).click();
  await expect(admin.getByText('At most 90 days')).toBeVisible();
  await lifetime.fill('21');
  await admin.getByRole('button', { name: 'Save invitation lifetime' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Invitation lifetime saved.' })).toBeVisible();

  const subject = admin.getByLabel('Subject', { exact: true });
  const message = admin.getByLabel('Message', { exact: true });
  await expect(subject).toHaveValue('You are invited to {{companyName}} on SafePlace');
  await subject.fill('{{firstName}}, Umbrella is waiting for you');
  // Without the link the invitation is useless: refused on its field before anything is saved.
  await message.fill('Hello {{firstName}}, welcome aboard.');
  await admin.getByRole('button', { name: 'Save invitation email' }).click();
  await expect(admin.getByText('The message must contain {{link}}')).toBeVisible();
  await message.fill(
    'Hello {{firstName}}, welcome aboard {{companyName}}.\n\nYour link: {{link}}\n\nIt works for {{days}} days, until {{expiresOn}}.',
  );
  await admin.getByRole('button', { name: 'Preview' }).click();
  const preview = admin.getByRole('region', { name: 'Invitation preview' });
  await expect(preview.getByText('Alice, Umbrella is waiting for you')).toBeVisible();
  await expect(preview.getByText(/Hello Alice, welcome aboard Umbrella\./)).toBeVisible();
  await expect(preview.getByText(/It works for 21 days/)).toBeVisible();
  await admin.getByRole('button', { name: 'Save invitation email' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Invitation email saved.' })).toBeVisible();
  await expect(admin.getByText('This workspace sends its own wording.')).toBeVisible();

  // A new invitation uses the wording and the lifetime.
  const units = (await api(admin, 'GET', '/main-api/api/workspace/all-branches1')).json as { branchId: string }[];
  const invited = await api(admin, 'POST', `/main-api/api/invite/user/${units[0].branchId}`, {
    email: 'nina@umbrella.test',
    firstName: 'Nina',
    lastName: 'Nakamura',
  });
  expect(invited.status).toBe(200);
  const mail = await latestMail(admin, 'nina@umbrella.test');
  expect(mail.subject).toBe('Nina, Umbrella is waiting for you');
  expect(mail.body).toContain('Hello Nina, welcome aboard Umbrella.');
  expect(mail.body).toContain('It works for 21 days, until ');
  const ninaCode = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail.body)![1];

  // ---- Password minimum: 10 characters are refused under the default of 15...
  const TEN = 'plum-Orbit';
  const nina = await (await browser.newContext()).newPage();
  await nina.goto(url(SITE, `/invite/${ninaCode}`));
  await expect(nina.getByText('At least 15 characters.')).toBeVisible();
  await nina.getByLabel('New password').fill(TEN);
  await nina.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(nina.getByText('Use at least 15 characters')).toBeVisible();

  // ...the admin lowers the minimum to 10 (7 is below what any workspace may set)...
  await admin.getByRole('tab', { name: 'Sign-in & sessions' }).click();
  const minimum = admin.getByLabel('Shortest password (characters)', { exact: true });
  await expect(minimum).toHaveValue('15');
  await minimum.fill('7');
  await admin.getByRole('button', { name: 'Save sign-in settings' }).click();
  await expect(admin.getByText('At least 8 characters', { exact: true })).toBeVisible();
  await minimum.fill('10');
  await admin.getByLabel('Admins are signed out after this many idle minutes', { exact: true }).fill('30');
  await admin.getByRole('button', { name: 'Save sign-in settings' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Sign-in and session settings saved.' })).toBeVisible();

  // ...and the same 10 characters now set Nina's password.
  await nina.reload();
  await expect(nina.getByText('At least 10 characters.')).toBeVisible();
  await nina.getByLabel('New password').fill(TEN);
  await nina.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(nina).toHaveURL(url(SITE, '/dashboard'));

  // ---- The sign-up allow-list: add a domain and an address, search, remove.
  await admin.reload();
  await admin.getByRole('tab', { name: 'Sign-up allow-list' }).click();
  await expect(admin.getByText('The list is empty: nobody may sign up on their own yet')).toBeVisible();
  const entry = admin.getByLabel('Email or @domain', { exact: true });
  await entry.fill('@partner.example');
  await admin.getByRole('button', { name: 'Add to list' }).click();
  await expect(
    admin.getByRole('status').filter({ hasText: 'Anyone at @partner.example may now sign up.' }),
  ).toBeVisible();
  await entry.fill('visitor@elsewhere.example');
  await admin.getByRole('button', { name: 'Add to list' }).click();
  const table = admin.getByRole('table');
  await expect(table.getByRole('cell', { name: 'visitor@elsewhere.example', exact: true })).toBeVisible();
  await admin.getByLabel('Search the list', { exact: true }).fill('partner');
  await admin.getByLabel('Search the list', { exact: true }).press('Enter');
  await expect(table.getByRole('cell', { name: 'visitor@elsewhere.example', exact: true })).toHaveCount(0);
  await admin.getByRole('button', { name: 'Remove @partner.example' }).click();
  await admin.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(
    admin.getByRole('status').filter({ hasText: '@partner.example was removed from the list.' }),
  ).toBeVisible();
  await expect(admin.getByText('Nothing on the list matches this search')).toBeVisible();

  // ---- Back to the defaults: the wording, the lifetime and the minimum.
  await admin.getByRole('tab', { name: 'Invite email' }).click();
  await admin.getByRole('button', { name: 'Reset to default' }).click();
  await admin.getByRole('button', { name: 'Use the default' }).click();
  await expect(admin.getByText('This is the default wording.')).toBeVisible();
  await expect(admin.getByLabel('Subject', { exact: true })).toHaveValue(
    'You are invited to {{companyName}} on SafePlace',
  );
  await admin.getByLabel('Invitation links work for (days)', { exact: true }).fill('14');
  await admin.getByRole('button', { name: 'Save invitation lifetime' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Invitation lifetime saved.' })).toBeVisible();
  await admin.getByRole('tab', { name: 'Sign-in & sessions' }).click();
  await admin.getByLabel('Shortest password (characters)', { exact: true }).fill('15');
  await admin.getByLabel('Admins are signed out after this many idle minutes', { exact: true }).fill('60');
  await admin.getByRole('button', { name: 'Save sign-in settings' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Sign-in and session settings saved.' })).toBeVisible();
  const settings = (await api(admin, 'GET', '/main-api/api/workspace/bulk-signup-setting')).json;
  expect(settings).toMatchObject({ minPasswordLength: 15, privilegedIdleMinutes: 60, inviteValidDays: 14 });
});
