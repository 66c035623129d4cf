import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { expect as baseExpect, test, type Page } from './support/test';
import { api, signIn, url } from './support/app';
import { expectAccessible, expectNoSidewaysScroll, expectOneH1 } from './support/accessibility';

const expect = baseExpect.configure({ timeout: 30_000 });
const COURSE = 'Preventing Sexual Harassment at Work';

interface Options {
  businessUnits: { id: string; name: string }[];
  courses: { id: string; name: string }[];
}

/** Picks one option of an open multiple select by its words, then closes the list. */
async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

test.describe('reports', () => {
  test.use({ actionTimeout: 30_000 });

  test('an admin builds a report of one unit with chosen columns, exports it as XLSX with its progress, and the file holds those rows', async ({
    page,
    browser,
  }) => {
    test.setTimeout(300_000);
    await signIn(page, 'acme', 'admin@acme.test');
    // The unit's people have the course to report on: assigned through the API, as the courses journey does on screen.
    const options = await api<Options>(page, 'GET', '/learning-api/api/reports/options');
    const pune = options.businessUnits.find((b) => b.name === 'Acme Pune')!;
    const course = options.courses.find((c) => c.name === COURSE)!;
    await api(page, 'POST', '/learning-api/api/course/assign-course-to-users', {
      courseId: course.id,
      branchId: pune.id,
    });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await expectOneH1(page, 'Reports');
    await expectAccessible(page, 'Reports');

    // Course rows only; the columns the auditor asked for.
    await page.getByLabel('A row per person and policy').click();
    for (const column of ['Department', 'Policy', 'Policy version', 'Policy acceptance', 'Accepted on'])
      await page.getByRole('checkbox', { name: column, exact: true }).uncheck();
    await page.getByRole('checkbox', { name: 'Assigned on' }).check();
    await choose(page, 'All business units', 'Acme Pune');
    // The total read below must be the one of this filter: wait for the preview the course's choice sends (until it
    // answers, the total on screen is the unit's rows of every course) and for the table to stop loading.
    const previewOfCourse = page.waitForResponse((r) => r.url().includes('/reports/preview') && r.ok());
    await choose(page, 'All courses', COURSE);
    await previewOfCourse;
    const table = page.getByRole('table');
    await expect(page.locator('.ant-table-wrapper .ant-spin-spinning')).toHaveCount(0);
    await expect(table.getByRole('columnheader', { name: 'Assigned on' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Department' })).toHaveCount(0);
    // Other journeys add people to Acme Pune, so the unit's business-unit admin may be on a later page: the page shows
    // the unit's rows only, and the exported file (below) holds every one of them, hers included.
    await expect(table.getByRole('row').filter({ hasText: 'Acme Pune' }).first()).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'Acme Headquarters' })).toHaveCount(0);
    await expect(table.getByRole('row', { name: /admin@acme\.test/ }).filter({ hasNotText: 'buadmin' })).toHaveCount(0);
    const totalText = await page.locator('.ant-pagination-total-text').innerText();
    const total = Number(/(\d+) rows/.exec(totalText)?.[1]);
    expect(total).toBeGreaterThan(0);

    await page.getByLabel('Report name').fill('Pune training audit');
    await page.getByRole('button', { name: 'Export' }).click();
    const progress = page.getByRole('progressbar', { name: 'Export progress' });
    await expect(progress).toBeVisible();
    await expect(
      page.getByText(/Pune-training-audit-\d{4}-\d{2}-\d{2}\.xlsx: \d+ rows, ready to download/),
    ).toBeVisible({ timeout: 60_000 });
    await expect(progress).toHaveAttribute('aria-valuenow', '100');

    // The export is on the server: a reload shows it again, still ready.
    await page.reload();
    await expect(page.getByText(/Pune-training-audit-.*ready to download/)).toBeVisible();
    await expectAccessible(page, 'Reports, export ready');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Download Pune-training-audit/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Pune-training-audit-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const rows = workbook.worksheets[0]
      .getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1));
    const [header, ...data] = rows;
    expect(header).toEqual([
      'Name',
      'Email',
      'Row',
      'Business unit',
      'Course',
      'Course version',
      'Assigned on',
      'Course status',
      'Completed on',
    ]);
    expect(data).toHaveLength(total);
    for (const row of data) {
      expect(row[2]).toBe('Course');
      expect(row[3]).toBe('Acme Pune');
      expect(row[4]).toBe(COURSE);
      expect(String(row[6])).toMatch(/^\d{2} [A-Z][a-z]{2} \d{4}$/);
    }
    expect(data.map((r) => r[1])).toContain('buadmin@acme.test');
    expect(data.map((r) => r[1])).not.toContain('admin@acme.test');

    // On a phone: nothing scrolls sideways, and axe finds nothing grave.
    const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await signIn(phone, 'acme', 'admin@acme.test');
    await phone.goto(url('acme', '/reports'));
    await expect(phone.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await expect(phone.getByRole('table')).toBeVisible();
    await expectNoSidewaysScroll(phone, 'Reports at 390 px');
    await expectAccessible(phone, 'Reports at 390 px');
  });
});
