import { expect as baseExpect, test, type Page } from './support/test';
import { pickOption, signIn, url } from './support/app';
import { expectAccessible } from './support/accessibility';

// Issue 4's whole path in one sitting: the platform admin opens a workspace, and its first admin sets it up.
const expect = baseExpect.configure({ timeout: 30_000 });
test.use({ actionTimeout: 30_000 });

/** A real 1x1 PNG, so the browser can draw it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The link in the newest mail to `email` in the development outbox. */
async function mailedLink(page: Page, email: string, pattern: RegExp): Promise<string> {
  const outbox = await page.context().newPage();
  try {
    await outbox.goto(url('main', `/dev/outbox?format=json&to=${encodeURIComponent(email)}`));
    const [mail] = JSON.parse((await outbox.locator('body').textContent()) ?? '[]') as { body: string }[];
    const link = pattern.exec(mail?.body ?? '')?.[0];
    if (!link) throw new Error(`no link in the newest mail to ${email}`);
    return link;
  } finally {
    await outbox.close();
  }
}

test('a platform admin opens a workspace; its first admin brands it, builds units and departments, and appoints a manager', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const site = `hooli${stamp}`;
  const company = `Hooli ${stamp}`;
  const adminEmail = `gavin.${stamp}@hooli.test`;
  const colleague = `richard.${stamp}@hooli.test`;

  // The platform admin creates the workspace with its first admin.
  const platform = await (await browser.newContext()).newPage();
  await signIn(platform, 'main', 'platform@demo.test');
  await platform.getByRole('button', { name: 'New workspace' }).click();
  const drawer = platform.getByRole('dialog', { name: 'New workspace' });
  await drawer.getByLabel('Company name', { exact: true }).fill(company);
  await drawer.getByLabel('Workspace address', { exact: true }).fill(`${site}.localhost`);
  await drawer.getByLabel('Admin email', { exact: true }).fill(adminEmail);
  await drawer.getByLabel('Admin first name', { exact: true }).fill('Gavin');
  await drawer.getByLabel('Admin last name', { exact: true }).fill('Belson');
  await drawer.getByRole('button', { name: 'Create workspace' }).click();
  await expect(platform.getByRole('heading', { name: company, level: 1 })).toBeVisible();
  await expectAccessible(platform, company);

  // The first admin claims the invitation on the new host.
  const invite = await mailedLink(
    platform,
    adminEmail,
    new RegExp(`http://${site}\\.localhost:\\d+/invite/[A-Za-z0-9_-]+`),
  );
  const gavin = await (await browser.newContext()).newPage();
  await gavin.goto(invite);
  await expect(gavin.getByRole('heading', { name: `Welcome to ${company}` })).toBeVisible();
  await gavin.getByLabel('New password').fill('a tethics pied piper compression');
  await gavin.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(gavin).toHaveURL(url(site, '/dashboard'));
  await gavin
    .getByRole('dialog', { name: `Welcome to ${company}` })
    .getByRole('button', { name: 'Continue' })
    .click();
  await expect(gavin.getByRole('heading', { name: 'Welcome, Gavin' })).toBeVisible();
  const menu = gavin.getByRole('navigation', { name: 'Main' });

  // Branding: the colour and the logo, worn by the app's frame after a reload.
  await menu.getByText('Branding').click();
  await expect(gavin.getByRole('heading', { name: 'Branding', level: 1 })).toBeVisible();
  await expectAccessible(gavin, 'Branding');
  await gavin.getByLabel('Colour (hex)').fill('#3a7d44');
  await gavin.getByRole('button', { name: 'Save colour' }).click();
  await expect(gavin.getByRole('status').filter({ hasText: 'Workspace colour saved.' })).toBeVisible();
  await gavin.getByLabel('Upload a logo').setInputFiles({ name: 'hooli.png', mimeType: 'image/png', buffer: PNG });
  await expect(gavin.getByRole('status').filter({ hasText: 'Logo uploaded.' })).toBeVisible();
  await gavin.reload();
  await expect(gavin.locator('.shell-brand').getByRole('img', { name: `${company} logo` })).toBeVisible();
  await expect(gavin.locator('.shell-brand')).toHaveCSS('background-color', 'rgb(58, 125, 68)');

  // A business unit beside the headquarters the platform made.
  await menu.getByText('Business units').click();
  await expect(gavin.getByRole('heading', { name: 'Business units' })).toBeVisible();
  await expectAccessible(gavin, 'Business units');
  const units = gavin.getByRole('table');
  await expect(units.getByText('Headquarters', { exact: true })).toBeVisible();
  await gavin.getByRole('button', { name: 'New business unit' }).click();
  const unitDialog = gavin.getByRole('dialog', { name: 'New business unit' });
  await unitDialog.getByLabel('Business unit name').fill('Hooli Palo Alto');
  await unitDialog.getByRole('button', { name: 'Create business unit' }).click();
  await expect(gavin.getByRole('status').filter({ hasText: 'Business unit "Hooli Palo Alto" created.' })).toBeVisible();
  await expect(units).toContainText('Hooli Palo Alto');

  // A colleague to appoint: invited from the People screen.
  await menu.getByRole('link', { name: 'People', exact: true }).click();
  await gavin.getByRole('button', { name: 'Invite people' }).click();
  const inviteDialog = gavin.getByRole('dialog', { name: 'Invite people' });
  await inviteDialog.getByLabel('Email', { exact: true }).fill(colleague);
  await inviteDialog.getByLabel('First name').fill('Richard');
  await inviteDialog.getByLabel('Last name').fill('Hendricks');
  await inviteDialog.getByRole('button', { name: 'Send invitations' }).click();
  await expect(inviteDialog.getByText('Invited 1 person')).toBeVisible();
  await inviteDialog.getByRole('button', { name: 'Done' }).click();
  // The waiting invitation is counted, and can be sent again with a new link.
  const invitations = gavin.getByRole('region', { name: 'Invitations' });
  await expect(invitations).toContainText('1 invitation is waiting to be accepted.');
  const firstLink = await mailedLink(gavin, colleague, /\/invite\/[A-Za-z0-9_-]+/);
  await invitations.getByRole('button', { name: 'Send all again' }).click();
  await gavin
    .getByRole('dialog', { name: 'Send 1 invitation again?' })
    .getByRole('button', { name: 'Send them all' })
    .click();
  await expect(invitations.getByText('Sent 1 invitation, each with a new link.')).toBeVisible();
  expect(await mailedLink(gavin, colleague, /\/invite\/[A-Za-z0-9_-]+/)).not.toBe(firstLink);

  // A department in the new unit, and its head.
  await menu.getByText('Departments').click();
  await expect(gavin.getByRole('heading', { name: 'Departments' })).toBeVisible();
  await expectAccessible(gavin, 'Departments');
  await expect(gavin.getByText('No departments here yet')).toBeVisible();
  await gavin.getByRole('button', { name: 'New department' }).click();
  const departmentDialog = gavin.getByRole('dialog', { name: 'New department' });
  await departmentDialog.getByLabel('Department name').fill('Compression');
  await departmentDialog.getByLabel('In business unit').click();
  await pickOption(gavin, 'Hooli Palo Alto');
  await departmentDialog.getByRole('button', { name: 'Create department' }).click();
  await expect(gavin.getByRole('status').filter({ hasText: 'Department "Compression" created.' })).toBeVisible();

  await gavin.getByRole('button', { name: 'Managers of Compression in Hooli Palo Alto' }).click();
  const managers = gavin.getByRole('dialog', { name: 'Managers of Compression (Hooli Palo Alto)' });
  await managers.getByLabel('Person').click();
  await gavin.keyboard.type('richard');
  await pickOption(gavin, colleague);
  await managers.getByLabel('Manager role').click();
  await pickOption(gavin, 'Head of department');
  await managers.getByRole('button', { name: 'Appoint' }).click();
  await expect(managers.getByRole('status').filter({ hasText: 'Richard Hendricks appointed.' })).toBeVisible();
  await expect(managers.getByRole('region', { name: 'Department managers' })).toContainText(
    `Head of department · ${colleague}`,
  );
  await managers.getByRole('button', { name: 'Close' }).click();
  await expect(gavin.getByRole('table').getByRole('row', { name: /Compression/ })).toContainText('1');

  // The brand is on the workspace's sign-in page, and the other workspaces are untouched by it.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(url(site, '/signin'));
  await expect(visitor.getByRole('img', { name: `${company} logo` })).toBeVisible();
  await visitor.goto(url('globex', '/signin'));
  await expect(visitor.getByRole('img', { name: `${company} logo` })).toHaveCount(0);
});
