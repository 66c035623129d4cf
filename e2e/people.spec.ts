import { expect, test, type Page } from './support/test';
import { PASSWORD, url } from './support/app';
import { expectAccessible } from './support/accessibility';

// Works on seeded people of Acme Headquarters' Sales department, whom no other journey counts or edits.
async function signIn(page: Page, site: string, email: string) {
  await page.goto(url(site, '/signin'));
  await page.getByLabel('Email or username').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByLabel(label).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Search people' });
  await box.fill(text);
  await box.press('Enter');
}

test('an admin finds, edits, deactivates, reactivates and deletes people in the directory', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'acme', 'admin@acme.test');
  // The dashboard counts the workspace's people.
  const summary = page.locator('.ant-card').filter({ hasText: 'Your people' });
  await expect(summary.getByText('By business unit')).toBeVisible();
  await expect(summary.getByText(/^Acme Headquarters · \d+ people$/)).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'People', exact: true }).click();
  await expect(page).toHaveURL(/\/people$/);
  await expect(page.getByRole('heading', { name: 'People', level: 1 })).toBeVisible();
  await expectAccessible(page, 'People');
  await expect(page.getByText('Deactivated', { exact: true }).first()).toBeVisible();
  await expect(rows(page)).toHaveCount(20);
  await expect(page.getByText(/\d+ people$/)).toBeVisible();

  // Server-side sort: email, descending.
  await page.getByRole('columnheader', { name: 'Email' }).click();
  await page.getByRole('columnheader', { name: 'Email' }).click();
  await expect(page.getByRole('columnheader', { name: 'Email' })).toHaveAttribute('aria-sort', 'descending');
  // The header turns at once; the rows follow when the server's page arrives.
  await expect
    .poll(async () => {
      const emails = await rows(page).locator('td:nth-child(3)').allTextContents();
      return emails.length === 20 && emails.join('\n') === [...emails].sort().reverse().join('\n');
    })
    .toBe(true);

  // Search and edit.
  await search(page, 'aditya');
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Edit Aditya Patel' }).click();
  const drawer = page.getByRole('dialog', { name: 'Edit Aditya Patel' });
  await expect(drawer.getByLabel('Designation')).toBeVisible();
  await expectAccessible(page, 'Edit person drawer');
  await drawer.getByLabel('Designation').fill('Sales lead');
  await drawer.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved aditya.patel14@acme.test')).toBeVisible();
  await page.getByRole('button', { name: 'Edit Aditya Patel' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Aditya Patel' }).getByLabel('Designation')).toHaveValue(
    'Sales lead',
  );
  // A workspace admin can end every session of a person at once.
  await page
    .getByRole('dialog', { name: 'Edit Aditya Patel' })
    .getByRole('button', { name: 'Sign out everywhere' })
    .click();
  await expect(page.getByText('Every session of this person ends at once')).toBeVisible();
  await page
    .getByRole('dialog', { name: 'Sign aditya.patel14@acme.test out everywhere?' })
    .getByRole('button', { name: 'Sign out everywhere' })
    .click();
  await expect(page.getByText(/Signed aditya.patel14@acme.test out everywhere \(\d+ sessions? ended\)/)).toBeVisible();
  await page.getByRole('dialog', { name: 'Edit Aditya Patel' }).getByRole('button', { name: 'Close' }).click();

  // Select people found by two searches, then deactivate them together.
  await search(page, 'meera');
  await page.getByRole('checkbox', { name: 'Select Meera Bose' }).check();
  await search(page, 'siddharth');
  await page.getByRole('checkbox', { name: 'Select Siddharth Menon' }).check();
  await expect(page.getByText('2 people selected')).toBeVisible();
  await page.getByRole('button', { name: 'Deactivate selected' }).click();
  await expect(page.getByText('They are signed out at once')).toBeVisible();
  await page.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(page.getByText('Deactivated 2 people')).toBeVisible();

  // Filter by status: each of the two shows as deactivated; then both are reactivated together.
  await chooseOption(page, 'Filter by status', 'Deactivated');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).filter({ hasText: 'siddharth.menon8@acme.test' })).toHaveCount(1);
  await page.getByRole('checkbox', { name: 'Select Siddharth Menon' }).check();
  await search(page, 'meera');
  await expect(rows(page).filter({ hasText: 'meera.bose5@acme.test' })).toHaveCount(1);
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole('checkbox', { name: 'Select Meera Bose' }).check();
  await expect(page.getByText('2 people selected')).toBeVisible();
  await page.getByRole('button', { name: 'Reactivate selected' }).click();
  await page.getByRole('button', { name: 'Reactivate', exact: true }).click();
  await expect(page.getByText('Reactivated 2 people')).toBeVisible();
  await expect(page.getByText('Nobody matches these filters')).toBeVisible();

  // Delete one, after a confirmation that says what goes and what stays. (Not a party of the demo's open cases:
  // deleting one of those waits for the presiding officer, docs/case.md "Committee membership".)
  await page.locator('.ant-select-clear').first().click();
  await search(page, 'karan');
  await page.getByRole('button', { name: 'Edit Karan Sharma' }).click();
  await page.getByRole('dialog', { name: 'Edit Karan Sharma' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Complaint records are never deleted with a person')).toBeVisible();
  await page.getByRole('button', { name: 'Delete 1 person' }).click();
  await expect(page.getByText('Deleted 1 person')).toBeVisible();
  await expect(page.getByText('Nobody matches these filters')).toBeVisible();
});

test('the People page opens from its address, as after a reload', async ({ page }) => {
  await signIn(page, 'acme', 'employer@acme.test');
  await page.goto(url('acme', '/people'));
  await expect(page.getByRole('heading', { name: 'People', level: 1 })).toBeVisible();
  await expectAccessible(page, 'People');
  await expect(page.getByRole('button', { name: 'Invite people' })).toBeVisible();
  await expect(rows(page)).toHaveCount(20);
});

test('an employee has no People page in the menu, and the server refuses the directory', async ({ page }) => {
  await signIn(page, 'acme', 'employee@acme.test');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'People', exact: true }),
  ).toHaveCount(0);
  const status = await page.evaluate(async () => {
    const token = document.cookie.match(/sp_token=([^;]+)/)?.[1];
    return (
      await fetch('/main-api/api/workspace/users', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      })
    ).status;
  });
  expect(status).toBe(403);
});

test('an admin invites a person, resends the invitation, the person joins; another invitation is withdrawn', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const joiner = `joiner.${stamp}@acme-people.test`;
  const leaver = `leaver.${stamp}@acme-people.test`;
  await signIn(page, 'acme', 'admin@acme.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'People', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'People', level: 1 })).toBeVisible();
  await expectAccessible(page, 'People');
  await page.getByRole('button', { name: 'Invite people' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite people' });
  await expect(dialog.getByLabel('Email', { exact: true })).toBeVisible();
  await expectAccessible(page, 'Invite people dialog');
  await dialog.getByLabel('Email', { exact: true }).fill(joiner);
  await dialog.getByLabel('First name').fill('Jo');
  await dialog.getByLabel('Last name').fill('Iner');
  await dialog.getByRole('button', { name: 'Send invitations' }).click();
  await expect(dialog.getByText('Invited 1 person')).toBeVisible();
  // A list of emails: one new, one already here (skipped and named).
  await dialog.getByRole('button', { name: 'Invite more' }).click();
  await dialog.getByText('A list of emails').click();
  await dialog.getByLabel('Emails', { exact: true }).fill(`${leaver}\nemployee@acme.test`);
  await dialog.getByRole('button', { name: 'Send invitations' }).click();
  await expect(
    dialog.getByText(/Invited 1 person; skipped employee@acme.test \(Already has an account here\)/),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The directory shows where each invitation stands; resend gives a new link.
  await search(page, `joiner.${stamp}`);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).getByText(/Invitation sent, expires/)).toBeVisible();
  const firstLink = await inviteLink(page, joiner);
  await page.getByRole('button', { name: 'Edit Jo Iner' }).click();
  await page.getByRole('dialog', { name: 'Edit Jo Iner' }).getByRole('button', { name: 'Resend invitation' }).click();
  await expect(page.getByText('Sent 1 invitation again')).toBeVisible();
  await page.getByRole('dialog', { name: 'Edit Jo Iner' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Jo Iner' })).toHaveCount(0);
  const secondLink = await inviteLink(page, joiner);
  expect(secondLink).not.toBe(firstLink);

  // The invited person joins with the new link.
  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(secondLink);
  await invitee.getByLabel('New password').fill('a long and private passphrase 2026');
  await invitee.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(invitee).toHaveURL(/\/dashboard$/);
  await search(page, `joiner.${stamp}`);
  await expect(rows(page).getByText('Active')).toBeVisible();

  // The other invitation is withdrawn: the person is gone.
  await search(page, `leaver.${stamp}`);
  await page.getByRole('button', { name: `Edit ${leaver}` }).click();
  await page
    .getByRole('dialog', { name: `Edit ${leaver}` })
    .getByRole('button', { name: 'Withdraw invitation' })
    .click();
  await page.getByRole('button', { name: 'Withdraw invitation' }).last().click();
  await expect(page.getByText(`Withdrew the invitation of ${leaver}`)).toBeVisible();
  await expect(page.getByText('Nobody matches these filters')).toBeVisible();
});

/** The newest invitation link mailed to `email`, from the development outbox. */
async function inviteLink(page: Page, email: string): Promise<string> {
  const outbox = await page.context().newPage();
  try {
    await outbox.goto(url('main', `/dev/outbox?format=json&to=${encodeURIComponent(email)}`));
    const [mail] = JSON.parse((await outbox.locator('body').textContent()) ?? '[]') as { body: string }[];
    const link = /(http:\/\/acme\.localhost:\d+\/invite\/[A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1];
    if (!link) throw new Error(`no invitation link for ${email}`);
    return link;
  } finally {
    await outbox.close();
  }
}

test('a summary whose code cannot be fetched (say, the workspace is closing) does not take the dashboard down', async ({
  page,
}) => {
  await page.route(/people-stats\.card-.*\.js$/, (route) => route.abort());
  await signIn(page, 'acme', 'employer@acme.test');
  // The app's first screen under the full run's load took 20 s in the 25 Nov rehearsal (a 7.6 s stretch of pure
  // browser CPU): see the session note; the wait is the first screen's, not the failure's.
  await expect(
    page.getByText('The summary of your people could not be loaded. Reload the page to try again.'),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Welcome, Emil' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'People', exact: true }),
  ).toBeVisible();
});

test('an admin deletes the people a file of emails names, after seeing who would go', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const leavers = [`gone.a.${stamp}@acme-leavers.test`, `gone.b.${stamp}@acme-leavers.test`];
  await signIn(page, 'acme', 'admin@acme.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'People', exact: true }).click();
  await page.getByRole('button', { name: 'Invite people' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite people' });
  await invite.getByText('A list of emails').click();
  await invite.getByLabel('Emails', { exact: true }).fill(leavers.join('\n'));
  await invite.getByRole('button', { name: 'Send invitations' }).click();
  await expect(invite.getByText('Invited 2 people')).toBeVisible();
  await invite.getByRole('button', { name: 'Done' }).click();

  // A file naming the admin too: refused, with the reason, and nothing can be deleted.
  await page.getByRole('button', { name: 'Delete by file…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete people by file' });
  const file = (lines: string[]) => ({
    name: 'leavers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['Email', ...lines].join('\n')),
  });
  await dialog.locator('input[type=file]').setInputFiles(file([...leavers, 'admin@acme.test']));
  const preview = dialog.getByRole('region', { name: 'Who the file names' });
  await expect(preview).toContainText('1 person may not be deleted, so nobody will be');
  await expect(preview).toContainText('admin@acme.test:');
  await expect(dialog.getByRole('button', { name: 'Delete 3 people' })).toBeDisabled();

  // The corrected file, with an address nobody has: two will go, one is named as unknown.
  await dialog.locator('input[type=file]').setInputFiles(file([...leavers, `nobody.${stamp}@acme-leavers.test`]));
  await expect(preview).toContainText('2 people in this file will be deleted; 1 email matches nobody here.');
  await expect(preview).toContainText(`nobody.${stamp}@acme-leavers.test`);
  await dialog.getByRole('button', { name: 'Delete 2 people' }).click();
  await expect(dialog.getByText('Deleted 2 people')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();

  await search(page, `gone.`);
  await expect(page.getByText('Nobody matches these filters')).toBeVisible();
});

test('an admin filters people by a joining-date range in one picker', async ({ page }) => {
  // Two full page loads (sign-in, then /people) before the picker: under the full run's load that alone took 50 s.
  test.slow();
  await signIn(page, 'acme', 'admin@acme.test');
  await page.goto(url('acme', '/people'));
  await expect(rows(page)).toHaveCount(20, { timeout: 30_000 });
  // Nobody joins in 2099: that range matches nobody. Acme is Indian: the picker takes and shows the day first.
  const from = page.getByPlaceholder('Joined from');
  await from.click();
  await from.fill('01/01/2099');
  await from.press('Enter');
  const until = page.getByPlaceholder('Joined until');
  await until.fill('31/12/2099');
  await until.press('Enter');
  await expect(rows(page)).toHaveCount(0);
  await expect(from).toHaveValue('01/01/2099');
  await expect(until).toHaveValue('31/12/2099');
  await expectAccessible(page, 'People filtered by joining date');
});
