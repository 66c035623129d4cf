import { expect, test, type Page } from './support/test';
import { signIn, url } from './support/app';
import { expectAccessible } from './support/accessibility';

// A 1x1 PNG: a real picture the browser can draw.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The newest confirmation link mailed to `email`, read from the development outbox page. */
async function latestLink(page: Page, email: string): Promise<string> {
  const outbox = await page.context().newPage();
  try {
    await outbox.goto(url('main', `/dev/outbox?format=json&to=${encodeURIComponent(email)}`));
    const messages = JSON.parse((await outbox.locator('body').textContent()) ?? '[]') as { body: string }[];
    const link = /(https?:\/\/\S+\/email-verify\/[A-Za-z0-9_-]+)/.exec(messages[0]?.body ?? '')?.[1];
    if (!link) throw new Error(`no confirmation link in the outbox for ${email}`);
    return link;
  } finally {
    await outbox.close();
  }
}

// Globex: no other journey changes its settings while the journeys run.
test('a person signs up where the workspace allows it, confirms the email from the mail, signs in and sets a profile picture', async ({
  browser,
}) => {
  test.setTimeout(180_000); // a long journey: three people, two sites, the whole stack
  const run = Date.now().toString(36);
  const domain = `joiners-${run}.test`;
  const email = `nila@${domain}`;
  const password = 'lantern orchard velvet comet';

  // The workspace admin turns sign-up on and allows the joiners' domain, in the settings screen.
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'globex', 'admin@globex.test');
  await admin.goto(url('globex', '/organisation/settings?tab=sign-up'));
  const toggle = admin.getByRole('switch', { name: 'Bulk sign-up' });
  if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
  await admin.getByRole('button', { name: 'Save sign-up setting' }).click();
  await expect(admin.getByText('Sign-up setting saved.')).toBeVisible();
  await admin.getByLabel('Email or @domain').fill(`@${domain}`);
  await admin.getByRole('button', { name: 'Add to list' }).click();
  await expect(admin.getByRole('table')).toContainText(`@${domain}`);

  // A visitor finds "Create an account" on the sign-in page.
  const page = await (await browser.newContext()).newPage();
  await page.goto(url('globex', '/signin'));
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('heading', { name: 'Create your Globex account' })).toBeVisible();
  await expectAccessible(page, 'Create your Globex account');

  await page.getByLabel('First name', { exact: true }).fill('Nila');
  await page.getByLabel('Last name', { exact: true }).fill('Joiner');
  // An address that is not on the allow-list is refused, with the reason.
  await page.getByLabel('Work email', { exact: true }).fill(`nila@elsewhere-${run}.test`);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Use at least 15 characters')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toContainText('This email cannot sign up to Globex');

  await page.getByLabel('Work email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expectAccessible(page, 'Check your email');

  // Before the email is confirmed, the right password is told to confirm it.
  await page.goto(url('globex', '/signin'));
  await page.getByLabel('Email or username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Confirm your email first');

  // The admin's People page shows the newcomer as waiting for the confirmation.
  await admin.goto(url('globex', '/people'));
  const search = admin.getByRole('searchbox', { name: 'Search people' });
  await search.fill(email);
  await search.press('Enter');
  // Until the search answers, the table still shows everyone: wait for the one row found, then read it.
  const rows = admin.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Signed up; email not confirmed yet');

  const link = await latestLink(page, email);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
  await expectAccessible(page, 'Email confirmed');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email or username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // First login: the welcome asks for the name, already filled in from the sign-up.
  const welcome = page.getByRole('dialog', { name: 'Welcome to Globex' });
  await expect(welcome.getByLabel('First name')).toHaveValue('Nila');
  await welcome.getByRole('button', { name: 'Continue' }).click();
  await expect(welcome).toBeHidden();

  // The profile picture: upload, see it in the header and on the profile page, remove it.
  await page.goto(url('globex', '/profile'));
  await page.getByLabel('Profile picture file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Profile picture updated')).toBeVisible();
  const onProfile = page.getByRole('img', { name: 'Your profile picture' });
  await expect(onProfile).toBeVisible();
  // The picture is drawn (loaded and decoded), not only an <img> in the page: wait for it as a person would.
  await expect
    .poll(() => onProfile.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const inHeader = page.getByRole('button', { name: 'Account menu' }).locator('img');
  await expect(inHeader).toBeVisible();
  await expect
    .poll(() => inHeader.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  // The picture stays after a reload (it is the server's).
  await page.reload();
  await expect(page.getByRole('button', { name: 'Account menu' }).locator('img')).toBeVisible();

  await page.getByRole('button', { name: 'Remove picture' }).click();
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByText('Profile picture removed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' }).locator('img')).toHaveCount(0);

  // The link worked once.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email already confirmed' })).toBeVisible();
  await expectAccessible(page, 'Email already confirmed');

  // Sign-up goes off again: Globex is other journeys' too.
  await admin.goto(url('globex', '/organisation/settings?tab=sign-up'));
  await admin.getByRole('switch', { name: 'Bulk sign-up' }).click();
  await admin.getByRole('button', { name: 'Save sign-up setting' }).click();
  await expect(admin.getByText('Sign-up setting saved.')).toBeVisible();
  await admin.context().close();
});

test('an expired or replaced confirmation link explains itself and offers a new one', async ({ page }) => {
  await page.goto(url('globex', `/email-verify/${'x'.repeat(43)}`));
  await expect(page.getByRole('heading', { name: 'Link not valid' })).toBeVisible();
  await expectAccessible(page, 'Link not valid');
  await page.getByLabel('Email you signed up with').fill('someone@example.test');
  await page.getByRole('button', { name: 'Send a new link' }).click();
  await expect(page.getByText('Check your email')).toBeVisible();
});
