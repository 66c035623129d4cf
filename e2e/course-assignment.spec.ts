import { expect, test, type Page } from './support/test';
import { shownDay, signIn, typedDay, url } from './support/app';
import { expectAccessible, expectNoSidewaysScroll } from './support/accessibility';

const EMAIL = 'employee@acme.test';
const COURSE = 'Preventing Sexual Harassment at Work';

/** The messages of the development outbox to `email`, newest first. */
async function outbox(page: Page, email: string): Promise<{ subject: string | null; body: string }[]> {
  const tab = await page.context().newPage();
  try {
    await tab.goto(url('main', `/dev/outbox?format=json&to=${encodeURIComponent(email)}`));
    return JSON.parse((await tab.locator('body').textContent()) ?? '[]') as { subject: string | null; body: string }[];
  } finally {
    await tab.close();
  }
}

test('an admin assigns the demo course to an employee with a due date; the employee is mailed and the members table shows the due date', async ({
  page,
}) => {
  test.slow();
  const due = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  // Written in the workspace's order (India: `29 Dec 2026`), never the browser's US month-first one.
  const dueShown = shownDay(due);

  await signIn(page, 'acme', 'admin@acme.test');
  await page.getByRole('navigation', { name: 'Main' }).getByText('Courses').click();
  await expect(page).toHaveURL(/\/courses$/);
  const courseLink = page
    .getByRole('row', { name: new RegExp(COURSE) })
    .getByRole('link', { name: COURSE, exact: true });
  await expect(courseLink).toBeVisible();
  await courseLink.click();
  await expect(page.getByRole('heading', { name: COURSE })).toBeVisible();

  await page.getByRole('button', { name: 'Assign course' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('Search by name').fill(EMAIL);
  const count = drawer.getByRole('status', { name: 'Matching users' });
  await expect(count).toContainText(/1 user matches/);
  await expect(count).toHaveAttribute('aria-busy', 'false');
  await drawer.getByLabel('On a date').check();
  const picker = drawer.getByLabel('Complete by');
  await picker.click();
  // Acme is Indian: the picker takes and shows the day first (DD/MM/YYYY).
  const dueTyped = typedDay(due);
  await picker.fill(dueTyped);
  await picker.press('Enter');
  await expect(picker).toHaveValue(dueTyped);
  await expectAccessible(page, 'Assign course drawer with a due date');
  await drawer.getByRole('button', { name: 'Confirm' }).click();
  // (A retry of this journey finds the employee assigned by the first try: then nothing changes.)
  await expect(
    page.getByText(/Course assigned: (1 newly assigned, 0|0 newly assigned, 1) already had the course/).first(),
  ).toBeVisible();

  // The members table: the learner, not started, with the due date.
  const members = page.getByRole('table', { name: 'Members' });
  const row = members.getByRole('row').filter({ hasText: EMAIL });
  await expect(row).toContainText('Not started');
  await expect(row).toContainText(dueShown);
  await expectAccessible(page, 'Members table');

  // Filters: overdue shows nobody yet; not started shows the learner.
  await page.getByLabel('Search members').fill('esha');
  await page.getByLabel('Search members').press('Enter');
  await expect(members.getByRole('row').filter({ hasText: '@acme.test' })).toHaveCount(1);

  // The assignment mail is in the outbox (sent by the job queue, a moment after the assignment).
  await expect(async () => {
    const mails = await outbox(page, EMAIL);
    expect(
      mails.some((mail) => mail.subject?.includes(COURSE) && mail.body.includes('has assigned you the course')),
    ).toBe(true);
  }).toPass({ timeout: 30_000 });

  // Change the due date from the table.
  await row.getByRole('button', { name: /Change due date/ }).click();
  const dialog = page.getByRole('dialog', { name: /Due date for/ });
  const later = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel('New due date (empty: no due date)').fill(later);
  await dialog.getByLabel('New due date (empty: no due date)').press('Enter');
  await dialog.getByRole('button', { name: 'Save due date' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(shownDay(later));

  // On a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  // The side menu moves behind a header button at phone width.
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(row).toBeVisible();
  await expectNoSidewaysScroll(page, 'Course members at 390 px');
  await expectAccessible(page, 'Course members at 390 px');
});
