import { expect as baseExpect, test } from './support/test';
import { api, signIn, typedDay, url } from './support/app';
import { expectAccessible, expectNoSidewaysScroll, expectOneH1 } from './support/accessibility';

const expect = baseExpect.configure({ timeout: 30_000 });
const COURSE = 'Preventing Sexual Harassment at Work';

interface Dashboard {
  byCourse: { id: string; name: string; assigned: number }[];
}

test.describe('the compliance dashboard', () => {
  test.use({ actionTimeout: 30_000 });

  test("an admin's home shows where the workspace stands; a course's figure opens the report filtered to that course", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, 'acme', 'admin@acme.test');
    // The course is assigned to someone, so it has a figure (other journeys assign it too; assigning again changes nothing).
    const options = await api<{
      businessUnits: { id: string; name: string }[];
      courses: { id: string; name: string }[];
    }>(page, 'GET', '/learning-api/api/reports/options');
    const course = options.courses.find((c) => c.name === COURSE)!;
    const pune = options.businessUnits.find((b) => b.name === 'Acme Pune')!;
    await api(page, 'POST', '/learning-api/api/course/assign-course-to-users', {
      courseId: course.id,
      branchId: pune.id,
    });
    const figures = await api<Dashboard>(page, 'GET', '/learning-api/api/dashboard');
    expect(figures.byCourse.find((c) => c.id === course.id)?.assigned).toBeGreaterThan(0);

    await page.goto(url('acme', '/dashboard'));
    await expect(page.getByRole('heading', { level: 2, name: 'Where you stand' })).toBeVisible();
    await expect(page.getByText('Training completed', { exact: true })).toBeVisible();
    await expect(page.getByText('Overdue learners', { exact: true })).toBeVisible();
    await expect(page.getByText('Policy acceptance', { exact: true })).toBeVisible();
    await expect(page.getByText('Certificates expiring', { exact: true })).toBeVisible();
    // The admin designs the complaint process: the law's rules and the complaints' counts are theirs to see.
    await expect(page.getByText('Rules not met', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Open complaints', { exact: true })).toBeVisible();
    // Open complaints by stage: counts only, small ones shown as hidden (the seed's few cases are under 3 a stage).
    const stages = page
      .locator('.ant-card')
      .filter({ has: page.getByRole('heading', { level: 3, name: 'Open complaints by stage' }) });
    await expect(stages.getByRole('columnheader', { name: 'Missed' })).toBeVisible();
    await expect(stages.getByText(/^Counts under 3 are hidden/)).toBeVisible();
    // Each chart is drawn (the charting library loaded on demand), with its figures in words for screen readers.
    const byCourse = page
      .locator('.ant-card')
      .filter({ has: page.getByRole('heading', { level: 3, name: 'Training by course' }) });
    await expect(byCourse.locator('.recharts-wrapper')).toBeVisible();
    // A screen reader reads the chart's figures in words; the Table view (below) holds them with their links.
    await expect(
      byCourse.getByRole('img', { name: new RegExp(`^Training by course\\. .*${COURSE}: \\d+ of \\d+ completed`) }),
    ).toBeAttached();
    await expectOneH1(page, 'Home with the compliance dashboard');
    await expectAccessible(page, 'Home with the compliance dashboard');

    // The table view: each figure is a link to the report filtered to it.
    await byCourse.getByText('Table', { exact: true }).click();
    const row = byCourse.getByRole('row').filter({ hasText: COURSE });
    await expect(row).toBeVisible();
    await expectAccessible(page, 'Home with a chart as a table');
    await row.getByRole('link', { name: COURSE }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/reports\\?rows=course&courseIds=${course.id}$`));
    // The report is of that course's rows: the course filter holds it, policy rows are off, every row is the course's.
    await expect(page.locator('.ant-select-selection-item').filter({ hasText: COURSE })).toBeVisible();
    await expect(page.getByLabel('A row per person and policy')).not.toBeChecked();
    const rows = page.locator('.ant-table-tbody .ant-table-row');
    await expect(rows.first()).toContainText(COURSE);
    await expect(rows.filter({ hasNotText: COURSE })).toHaveCount(0);
    const totalText = await page.locator('.ant-pagination-total-text').innerText();
    expect(Number(/(\d+) rows/.exec(totalText)?.[1])).toBeGreaterThan(0);

    // The certificates figure opens the report of exactly the certificates it counts: the same days, the same total.
    await page.goto(url('acme', '/dashboard'));
    const now = await api<Dashboard & { asOf: string; certificates: { until: string; total: number } }>(
      page,
      'GET',
      '/learning-api/api/dashboard',
    );
    await page.getByRole('link', { name: /^Certificates expiring: \d+ in the next 60 days$/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await expect(page).toHaveURL(
      new RegExp(`/reports\\?rows=course&expiresFrom=${now.asOf}&expiresTo=${now.certificates.until}$`),
    );
    // The range shows in Acme's Indian order (DD/MM/YYYY); the address keeps the ISO days.
    await expect(page.locator('#expires-from')).toHaveValue(typedDay(now.asOf));
    await expect(page.locator('#expires-to')).toHaveValue(typedDay(now.certificates.until));
    // The report opened from the figure shows the day each certificate expires.
    await expect(page.getByRole('table').getByRole('columnheader', { name: 'Certificate expires on' })).toBeVisible();
    if (now.certificates.total > 0)
      await expect(page.locator('.ant-pagination-total-text')).toHaveText(`${now.certificates.total} rows`);
    else await expect(page.getByText('No rows match these filters.', { exact: false })).toBeVisible();

    // On a phone: the dashboard fits, its charts too, and axe finds nothing grave.
    const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await signIn(phone, 'acme', 'admin@acme.test');
    await phone.goto(url('acme', '/dashboard'));
    await expect(phone.getByRole('heading', { level: 2, name: 'Where you stand' })).toBeVisible();
    await expect(phone.locator('.recharts-wrapper').first()).toBeVisible();
    await expectNoSidewaysScroll(phone, 'Home with the compliance dashboard at 390 px');
    await expectAccessible(phone, 'Home with the compliance dashboard at 390 px');
    await phone.screenshot({ path: test.info().outputPath('dashboard-390.png'), fullPage: true });
    await page.goto(url('acme', '/dashboard'));
    await expect(page.locator('.recharts-wrapper').first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('dashboard-1366.png'), fullPage: true });
  });
});
