import { expect as baseExpect, test, type Page } from './support/test';
import { api, signIn, url } from './support/app';
import { atPhoneWidth, expectAccessible, expectOneH1 } from './support/accessibility';

// Issue 30: the demo, and every new workspace, can take a complaint from its first minute (docs/case.md
// "Statutory processes"); the admin's home warns while no Internal Committee can receive one.
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const WARNING = 'This workspace cannot yet route complaints to an Internal Committee';

test('in the demo an employee raises a concern through the published POSH process, and Acme’s admin sees no warning', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const employee = await (await browser.newContext()).newPage();
  await signIn(employee, 'acme', 'employee@acme.test');
  await employee.getByRole('navigation', { name: 'Main' }).getByText('Raise a concern').click();
  await expect(employee.getByRole('heading', { level: 1, name: 'Raise a concern' })).toBeVisible();
  await expect(employee.getByText('No complaint process has been published')).toHaveCount(0);
  await expect(employee.getByLabel('What happened', { exact: true })).toBeVisible();
  // A self-filed complaint's complainant is the signed-in person: their name is filled in, and the address is theirs
  // and cannot be edited.
  await expect(employee.getByLabel('Your name')).toHaveValue('Esha Employee');
  await expect(employee.getByLabel('Your email')).toHaveValue('employee@acme.test');
  await employee.getByLabel('Their name').fill('Someone in Sales');
  await employee.getByLabel('What happened', { exact: true }).fill('Comments about my clothes at the team lunch.');
  await employee
    .getByLabel('When it happened (the last time, if more than once)')
    .fill(new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10));
  await employee.getByRole('button', { name: 'Send to the Internal Committee' }).click();
  await expect(
    employee.getByRole('heading', { level: 1, name: /Your complaint was received: case C-\d{4}/ }),
  ).toBeVisible();

  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'acme', 'admin@acme.test');
  await expect(admin.getByRole('heading', { level: 1, name: 'Welcome, Asha' })).toBeVisible();
  // The home's cards have loaded (the people summary) before saying the warning is absent.
  await expect(admin.getByText('Your people', { exact: true })).toBeVisible();
  await expect(admin.getByText(WARNING)).toHaveCount(0);
});

test('a workspace the platform admin creates takes a complaint at once; its admin’s home warns until a committee is constituted', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const site = `fresh${stamp}`;
  const adminEmail = `asha.${stamp}@fresh.test`;

  const platform = await (await browser.newContext()).newPage();
  await signIn(platform, 'main', 'platform@demo.test');
  const created = await api<{ workspaceId: string }>(platform, 'POST', '/main-api/api/admin/workspace/create', {
    companyName: `Fresh ${stamp}`,
    workspaceUrl: `${site}.localhost`,
    adminEmail,
    adminFirstName: 'Asha',
    jurisdictionCode: 'IN',
  });
  expect(created.workspaceId).toBeTruthy();

  // The first admin claims the invitation.
  const outbox = await platform.context().newPage();
  await outbox.goto(url('main', `/dev/outbox?format=json&to=${encodeURIComponent(adminEmail)}`));
  const [mail] = JSON.parse((await outbox.locator('body').textContent()) ?? '[]') as { body: string }[];
  const invite = new RegExp(`http://${site}\\.localhost:\\d+/invite/[A-Za-z0-9_-]+`).exec(mail.body)![0];
  const admin = await (await browser.newContext()).newPage();
  await admin.goto(invite);
  await admin.getByLabel('New password').fill('a fresh start for everyone');
  await admin.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(admin).toHaveURL(url(site, '/dashboard'));
  await admin
    .getByRole('dialog', { name: `Welcome to Fresh ${stamp}` })
    .getByRole('button', { name: 'Continue' })
    .click();

  // The home warns, with the way to fix it.
  const warning = admin.getByRole('alert').filter({ hasText: WARNING });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('Local Committee');
  await expect(admin.getByText('Your people cannot raise a concern')).toHaveCount(0);
  await expectAccessible(admin, 'Home with the committee warning');
  await expectOneH1(admin, 'Home with the committee warning');
  await atPhoneWidth(admin, 'Home with the committee warning');

  // The admin raises a concern in the new workspace: the POSH form loads (no error), and filing succeeds.
  await admin.goto(url(site, '/concerns/new'));
  await expect(admin.getByRole('heading', { level: 1, name: 'Raise a concern' })).toBeVisible();
  await expect(
    admin.getByText(
      'No Internal Committee has been set up here yet: your complaint will be referred to the Local Committee.',
    ),
  ).toBeVisible();
  await expect(admin.getByLabel('Your name')).toHaveValue('Asha');
  await admin.getByLabel('Your name').fill('Asha Admin');
  await expect(admin.getByLabel('Your email')).toHaveValue(adminEmail);
  await admin.getByLabel('What happened', { exact: true }).fill('A complaint filed before the committee exists.');
  await admin
    .getByLabel('When it happened (the last time, if more than once)')
    .fill(new Date(Date.now() - 86_400_000).toISOString().slice(0, 10));
  // With no committee the button says where the complaint goes.
  await expect(admin.getByRole('button', { name: 'Send to the Internal Committee' })).toHaveCount(0);
  await admin.getByRole('button', { name: 'Send to the Local Committee' }).click();
  await expect(
    admin.getByRole('heading', { level: 1, name: 'Your complaint was received: case C-0001' }),
  ).toBeVisible();

  // Back home, the warning counts the complaint waiting outside a committee and links to the committee screen.
  await admin.goto(url(site, '/dashboard'));
  await expect(warning).toContainText('1 open complaint is waiting outside a committee.');
  await warning.getByRole('link', { name: 'Constitute the Internal Committee' }).click();
  await expect(admin).toHaveURL(url(site, '/committees'));
  await expect(admin.getByRole('heading', { level: 1, name: 'Internal Committee' })).toBeVisible();

  // The committee's drawer starts with no members, and says so in words that can be read (not antd's disabled grey).
  await admin.getByRole('button', { name: 'Constitute the committee' }).click();
  const drawer = admin.getByRole('dialog');
  await expect(drawer.getByText('No members yet.')).toBeVisible();
  await expectAccessible(admin, 'The committee drawer with no members');
});
