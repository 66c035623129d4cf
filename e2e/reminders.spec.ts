import { expect, test, type Page } from './support/test';
import { expectAccessible, expectNoSidewaysScroll } from './support/accessibility';
import { signIn, url } from './support/app';

const COURSE = 'Preventing Sexual Harassment at Work';

/** A call of the API from inside the page with the page's own session. */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  const token = (await page.context().cookies(url('acme'))).find((c) => c.name === 'sp_token')!.value;
  return page.evaluate(
    async ([t, m, p, b]) => {
      const res = await fetch(p, {
        method: m,
        headers: { authorization: `Bearer ${t}`, ...(b === undefined ? {} : { 'content-type': 'application/json' }) },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, json: await res.json() };
    },
    [token, method, path, body] as const,
  );
}

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

test('an admin reminds a learner from the Members tab, the mail is in the outbox, and the admin sets the reminder cadence', async ({
  page,
}) => {
  // Under the shared machine's load the page loads and axe runs take minutes (as in learner.spec.ts).
  test.setTimeout(600_000);
  await signIn(page, 'acme', 'admin@acme.test');
  // The first screen after a full page load takes 10-25 s, more when the machine is busy (docs/architecture.md).
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 90_000 });

  // A learner of the demo course due in three days (a seeded person no other journey uses; the first by email).
  const courses = await api<{ items: { courseId: string; title: string }[] }>(
    page,
    'GET',
    '/learning-api/api/course/all',
  );
  const courseId = courses.json.items.find((c) => c.title === COURSE)!.courseId;
  const people = await api<{ items: { userId: string; email: string; firstName: string; lastName: string }[] }>(
    page,
    'GET',
    `/learning-api/api/course/${courseId}/users?search=${encodeURIComponent('@acme.test')}&pageSize=100`,
  );
  const learner = people.json.items
    .filter((p) => /^[a-z]+\.[a-z]+\d+@acme\.test$/.test(p.email))
    .sort((a, b) => a.email.localeCompare(b.email))
    .at(-1)!;
  const name = `${learner.firstName} ${learner.lastName}`;
  const due = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const added = await api(page, 'POST', '/learning-api/api/course/add-users', {
    courseId,
    userIds: [learner.userId],
    due: { kind: 'DATE', date: due },
  });
  expect(added.status).toBe(200);
  const before = (await outbox(page, learner.email)).filter((m) => m.subject?.startsWith('Reminder: ')).length;

  // The Members tab: remind this learner now.
  // In-app navigation: a full page load takes 10-25 s under the shared machine's load (docs/architecture.md).
  await page.getByRole('navigation', { name: 'Main' }).getByText('Courses').click();
  await expect(page).toHaveURL(/\/courses$/);
  await page
    .getByRole('row', { name: new RegExp(COURSE) })
    .getByRole('link', { name: COURSE, exact: true })
    .click();
  await expect(page.getByRole('heading', { name: COURSE, level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: /Members/ }).click();
  await page.getByLabel('Search members').fill(learner.email);
  await page.getByLabel('Search members').press('Enter');
  const members = page.getByRole('table', { name: 'Members' });
  const row = members.getByRole('row').filter({ hasText: learner.email });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Remind ${name}` }).click();
  // (A retry of this journey the same day finds the learner reminded already.)
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: new RegExp(`${name} was (reminded|already reminded of this course today)`) }),
  ).toBeVisible();
  await expect(async () => {
    const mails = (await outbox(page, learner.email)).filter((m) => m.subject?.startsWith('Reminder: '));
    expect(mails.length).toBeGreaterThanOrEqual(Math.min(before + 1, 1));
    expect(mails[0].subject).toContain(COURSE);
    expect(mails[0].body).toContain(`/training/${courseId}`);
  }).toPass({ timeout: 30_000 });
  // The table shows when they were last reminded (today).
  await expect(row).not.toContainText(/Last reminded.*—/);
  await expectAccessible(page, 'Members tab after a reminder');

  // "Remind due and overdue": confirmed, then says how many were mailed and that nobody gets it twice today.
  await page.getByRole('button', { name: 'Remind due and overdue' }).click();
  await page.getByRole('button', { name: 'Send reminders' }).click();
  await expect(page.getByRole('status').filter({ hasText: /learners? reminded/ })).toContainText(
    /already reminded today/,
  );

  // Courses > Due dates and reminders.
  await page.getByRole('link', { name: 'All courses' }).click();
  await page.getByRole('link', { name: 'Due dates and reminders' }).click();
  await expect(page.getByRole('heading', { name: 'Due dates and reminders', level: 1 })).toBeVisible();
  const days = page.getByLabel('Days after assigning');
  await expect(days).toHaveValue(/\d+/);
  const original = await days.inputValue();
  const schedule = page.getByRole('list', { name: 'Reminder schedule' });
  await expect(schedule).toContainText('Then no more reminders.');
  await days.fill('21');
  await page.getByLabel('Reminders while overdue').fill('2');
  await expect(
    schedule
      .getByRole('listitem')
      .filter({ hasText: 'after the due date' })
      .filter({ hasText: /^A reminder/ }),
  ).toHaveCount(2);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible();
  await expectAccessible(page, 'Due dates and reminders');
  await page.reload();
  await expect(page.getByLabel('Days after assigning')).toHaveValue('21', { timeout: 60_000 });
  await expect(page.getByLabel('Reminders while overdue')).toHaveValue('2');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('h1')).toHaveCount(1);
  await expectNoSidewaysScroll(page, 'Due dates and reminders at 390 px');
  await expectAccessible(page, 'Due dates and reminders at 390 px');

  // Put the workspace's settings back for the other journeys.
  await page.getByLabel('Days after assigning').fill(original);
  await page.getByLabel('Reminders while overdue').fill('3');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible();
});
