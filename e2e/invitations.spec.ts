import { expect, test } from './support/test';
import { signIn, url } from './support/app';
import { expectAccessible } from './support/accessibility';

test('an imported person gets an invitation, opens the link, sets a password and lands signed in', async ({
  browser,
}) => {
  // Three browsers (admin, joiner, a second visit) and six full page loads: about 65 s in CI's full run, where a full
  // page load takes 10-20 s on 2 cores (docs/architecture.md), over the 60 s default.
  test.setTimeout(180_000);
  const email = `new.joiner.${Date.now().toString(36)}@acme-invite.test`;
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'acme', 'admin@acme.test');
  await admin.goto(url('acme', '/users/import'));
  const csv = ['Email,First Name,Last Name,Business Unit', `${email},Nila,Joiner,Acme Headquarters`].join('\n');
  await admin
    .locator('input[type=file]')
    .setInputFiles({ name: 'joiner.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await admin.getByRole('button', { name: 'Validate' }).click();
  await admin.getByRole('button', { name: 'Import 1 user' }).click();
  await expect(admin.getByText('Import finished')).toBeVisible();
  // Imported and invited in one go (the wizard's choice is on by default).
  await expect(admin.getByText('1 invitation sent by email.', { exact: false })).toBeVisible();

  // The invitation, as the outbox holds it.
  await admin.goto(url('main', `/dev/outbox?format=json&to=${encodeURIComponent(email)}`));
  const [mail] = JSON.parse((await admin.locator('body').textContent()) ?? '[]') as { subject: string; body: string }[];
  expect(mail.subject).toBe('You are invited to Acme on SafePlace');
  const link = /(http:\/\/acme\.localhost:\d+\/invite\/[A-Za-z0-9_-]+)/.exec(mail.body)![1];

  const joiner = await (await browser.newContext()).newPage();
  await joiner.goto(link);
  await expect(joiner.getByRole('heading', { name: 'Welcome to Acme' })).toBeVisible();
  await expectAccessible(joiner, 'Welcome to Acme');
  await expect(joiner.getByText(`Nila, choose a password for ${email}`)).toBeVisible();
  await joiner.getByLabel('New password').fill('nila');
  await joiner.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(joiner.getByText('Use at least 15 characters')).toBeVisible();
  await joiner.getByLabel('New password').fill('monsoon teacup violet harbour');
  await joiner.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(joiner).toHaveURL(url('acme', '/dashboard'));

  // The first sign-in asks to confirm the name, once.
  const welcome = joiner.getByRole('dialog', { name: 'Welcome to Acme' });
  await expect(welcome).toBeVisible();
  await welcome.getByLabel('First name').fill('Nilakshi');
  await welcome.getByRole('button', { name: 'Continue' }).click();
  await expect(welcome).toBeHidden();
  await expect(joiner.getByRole('heading', { name: 'Welcome, Nilakshi' })).toBeVisible();
  await joiner.reload();
  await expect(joiner.getByRole('heading', { name: 'Welcome, Nilakshi' })).toBeVisible();
  await expect(joiner.getByRole('dialog', { name: 'Welcome to Acme' })).toHaveCount(0);

  // The link works once.
  const again = await (await browser.newContext()).newPage();
  await again.goto(link);
  await expect(again.getByRole('heading', { name: 'Invitation already used' })).toBeVisible();
  await expectAccessible(again, 'Invitation already used');
});
