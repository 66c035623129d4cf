import { expect as baseExpect, test, type Page } from './support/test';
import { fetchStatus, signIn, url } from './support/app';
import { expectAccessible } from './support/accessibility';

// Long journeys of two people on a shared, often busy machine: each step may wait longer than the default.
const expect = baseExpect.configure({ timeout: 30_000 });
test.use({ actionTimeout: 30_000 });

/** The newest mail to `email` in the development outbox. */
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

test('the platform admin creates a workspace whose first admin claims it, then switches a module off and sets a user limit', async ({
  browser,
}) => {
  // A long journey (two people, several reloads): room for a busy machine.
  test.setTimeout(240_000);
  const platform = await (await browser.newContext()).newPage();
  await signIn(platform, 'main', 'platform@demo.test');
  // The platform admin lands in the console, not on the workspace finder.
  await expect(platform).toHaveURL(url('main', '/platform/workspaces'));
  await expect(platform.getByRole('heading', { name: 'Workspaces', level: 1 })).toBeVisible();
  await expectAccessible(platform, 'Workspaces');
  await expect(
    platform.getByRole('navigation', { name: 'Platform' }).getByRole('link', { name: 'Workspaces', exact: true }),
  ).toBeVisible();
  await expect(platform.getByRole('link', { name: 'Acme', exact: true })).toBeVisible();

  // Search by address.
  await platform.getByRole('searchbox', { name: 'Search workspaces' }).fill('globex.local');
  await platform.getByRole('searchbox', { name: 'Search workspaces' }).press('Enter');
  await expect(platform.getByRole('link', { name: 'Globex', exact: true })).toBeVisible();
  await expect(platform.getByRole('link', { name: 'Acme', exact: true })).toHaveCount(0);

  // Create Initech; a taken address is refused beside its field first.
  await platform.getByRole('button', { name: 'New workspace' }).click();
  const drawer = platform.getByRole('dialog', { name: 'New workspace' });
  await drawer.getByLabel('Company name', { exact: true }).fill('Initech');
  await drawer.getByLabel('Workspace address', { exact: true }).fill('acme.localhost');
  await drawer.getByLabel('Admin email', { exact: true }).fill('bill@initech.test');
  await drawer.getByLabel('Admin first name', { exact: true }).fill('Bill');
  await drawer.getByLabel('Admin last name', { exact: true }).fill('Lumbergh');
  await drawer.getByRole('button', { name: 'Create workspace' }).click();
  await expect(drawer.getByText('Already used by Acme')).toBeVisible();
  await drawer.getByLabel('Workspace address', { exact: true }).fill('initech.localhost');
  await drawer.getByRole('button', { name: 'Create workspace' }).click();
  await expect(platform.getByRole('heading', { name: 'Initech', level: 1 })).toBeVisible();
  await expectAccessible(platform, 'Initech');
  await expect(platform.getByText('Initech is ready')).toBeVisible();
  const detailsUrl = platform.url();

  // The first admin's invitation, from the outbox, claimed at the new address.
  const mail = await latestMail(platform, 'bill@initech.test');
  expect(mail.subject).toBe('You are invited to Initech on SafePlace');
  const code = /http:\/\/initech\.localhost:\d+\/invite\/([A-Za-z0-9_-]+)/.exec(mail.body)![1];
  const bill = await (await browser.newContext()).newPage();
  await bill.goto(url('initech', `/invite/${code}`));
  await expect(bill.getByRole('heading', { name: 'Welcome to Initech' })).toBeVisible();
  await expectAccessible(bill, 'Welcome to Initech');
  await bill.getByLabel('New password').fill('stapler basement flair tuesday');
  await bill.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(bill).toHaveURL(url('initech', '/dashboard'));
  const welcome = bill.getByRole('dialog', { name: 'Welcome to Initech' });
  await welcome.getByRole('button', { name: 'Continue' }).click();
  await expect(welcome).toBeHidden();
  await expect(bill.getByRole('heading', { name: 'Welcome, Bill' })).toBeVisible();
  const menu = bill.getByRole('navigation', { name: 'Main' });
  await expect(menu.getByText('Courses', { exact: true })).toBeVisible();
  await bill.waitForLoadState('networkidle');

  // The platform admin switches the course module off: after a reload, Initech's menu has no Courses.
  await platform.goto(detailsUrl);
  await platform.getByRole('switch', { name: 'Courses and policies' }).click();
  await expect(platform.getByText('Courses and policies is now off for Initech.')).toBeVisible();
  await expect(platform.getByRole('switch', { name: 'Courses and policies' })).not.toBeChecked();
  await bill.reload();
  await expect(bill.getByRole('heading', { name: 'Welcome, Bill' })).toBeVisible();
  await expect(menu.getByText('Import users', { exact: true })).toBeVisible();
  await expect(menu.getByText('Courses', { exact: true })).toHaveCount(0);

  // A user limit, shown on the workspace's page.
  await platform.getByLabel('User limit', { exact: true }).fill('25');
  await platform.getByRole('button', { name: 'Save limit' }).click();
  await expect(platform.getByText('The user limit is now 25.')).toBeVisible();
  await expect(platform.getByText('1 of 25')).toBeVisible();

  // The platform's own audit trail names it, the workspace and who did it.
  await platform.getByRole('link', { name: 'Audit trail' }).click();
  await expect(platform.getByRole('heading', { name: 'Platform audit trail' })).toBeVisible();
  await expectAccessible(platform, 'Platform audit trail');
  const limitRow = platform.getByRole('row').filter({ hasText: 'Set a user limit' }).first();
  await expect(limitRow).toContainText('platform@demo.test');
  await expect(platform.getByRole('row').filter({ hasText: 'Created a workspace' }).first()).toBeVisible();
  await platform.goBack();

  // The contract: its admin is warned in the last 30 days, the workspace closes after the last day, and reopens.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await platform.getByLabel('Contract end date', { exact: true }).fill(day(10));
  await platform.getByRole('button', { name: 'Save date' }).click();
  await expect(platform.getByText(`The contract now runs until ${day(10)}.`)).toBeVisible();
  await bill.reload();
  await expect(bill.getByText('Contract ending soon')).toBeVisible();
  await expect(bill.getByText(`Your SafePlace contract ends in 10 days (last day ${day(10)})`)).toBeVisible();

  await platform.getByLabel('Contract end date', { exact: true }).fill(day(-1));
  await platform.getByRole('button', { name: 'Save date' }).click();
  await expect(platform.getByText(`The contract now runs until ${day(-1)}.`)).toBeVisible();
  await bill.reload();
  await expect(bill.getByText("This workspace's subscription has ended")).toBeVisible();
  await expect(bill.getByRole('heading', { name: 'Welcome, Bill' })).toHaveCount(0);

  await platform.getByRole('button', { name: 'Make open-ended' }).click();
  await expect(platform.getByText('The contract is now open-ended.')).toBeVisible();
  await bill.reload();
  await expect(bill.getByRole('heading', { name: 'Welcome, Bill' })).toBeVisible();
  await expect(bill.getByText('Contract ending soon')).toHaveCount(0);
});

test('someone who is not the platform admin is told the console is not for them', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(url('main', '/platform/workspaces'));
  await expect(page.getByRole('heading', { name: 'Sign in to the platform console' })).toBeVisible();
  await expectAccessible(page, 'Sign in to the platform console');
  await signIn(page, 'main', 'employer@acme.test');
  await page.goto(url('main', '/platform/workspaces'));
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  await expectAccessible(page, 'Not allowed');
  await expect(page.getByText('You are signed in as employer@acme.test')).toBeVisible();
});

test('the platform admin deletes a workspace only after typing its name, and its address stops working', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const platform = await (await browser.newContext()).newPage();
  await signIn(platform, 'main', 'platform@demo.test');
  await platform.getByRole('button', { name: 'New workspace' }).click();
  const drawer = platform.getByRole('dialog', { name: 'New workspace' });
  await drawer.getByLabel('Company name', { exact: true }).fill('Hooli');
  await drawer.getByLabel('Workspace address', { exact: true }).fill('hooli.localhost');
  await drawer.getByLabel('Admin email', { exact: true }).fill('gavin@hooli.test');
  await drawer.getByLabel('Admin first name', { exact: true }).fill('Gavin');
  await drawer.getByRole('button', { name: 'Create workspace' }).click();
  await expect(platform.getByRole('heading', { name: 'Hooli', level: 1 })).toBeVisible();
  await expectAccessible(platform, 'Hooli');
  const profile = '/main-api/api/workspace/company-profile/hooli.localhost';
  expect(await fetchStatus(platform, profile)).toBe(200);

  await platform.getByRole('button', { name: 'Delete this workspace' }).click();
  const confirm = platform.getByRole('dialog', { name: 'Delete Hooli?' });
  await expect(confirm.getByText('This deletes Hooli and everything in it: its 1 user')).toBeVisible();
  const deleteButton = confirm.getByRole('button', { name: 'Delete permanently' });
  await expect(deleteButton).toBeDisabled();
  await confirm.getByLabel('Workspace name to confirm deletion').fill('hooli');
  await expect(deleteButton).toBeDisabled();
  await confirm.getByLabel('Workspace name to confirm deletion').fill('Hooli');
  await deleteButton.click();
  await expect(platform).toHaveURL(url('main', '/platform/workspaces'));
  await expect(platform.getByText('Hooli was deleted.')).toBeVisible();
  await expect(platform.getByRole('link', { name: 'Hooli', exact: true })).toHaveCount(0);
  expect(await fetchStatus(platform, profile)).toBe(404);
});
