import { readFile } from 'node:fs/promises';
import { expect, test } from './support/test';
import ExcelJS from 'exceljs';
import { signIn, url } from './support/app';
import { expectAccessible } from './support/accessibility';

const stamp = Date.now().toString(36);
const CSV = [
  'E-mail Address,First Name,Surname,Business Unit,Department,Role,DOJ',
  `e2e.one.${stamp}@acme-import.test,Ira,One,Acme Headquarters,Engineering,Employee,2024-01-15`,
  `e2e.two.${stamp}@acme-import.test,Jon,Two,Acme Pune,Sales,,15/02/2024`,
  `not-an-email,Bad,Email,Acme Pune,,,`,
  `e2e.three.${stamp}@acme-import.test,Kim,Three,Atlantis,,,`,
  `e2e.four.${stamp}@acme-import.test,Lee,Four,Acme Pune,,,31/02/2024`,
  `e2e.five.${stamp}@acme-import.test,=cmd(),Five,Acme Pune,,,`,
].join('\n');

test.describe('import users', () => {
  test('an admin uploads a CSV, maps, validates, downloads the report and imports', async ({ page }) => {
    await signIn(page, 'acme', 'admin@acme.test');
    await page.getByRole('navigation', { name: 'Main' }).getByText('Import users').click();
    await expect(page).toHaveURL(url('acme', '/users/import'));
    await expect(page.getByRole('heading', { name: 'Import users' })).toBeVisible();
    await expectAccessible(page, 'Import users');

    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });

    // The proposed mapping: headers spelled differently are matched.
    await expect(page.getByText('Map the columns of people.csv')).toBeVisible();
    const mapped = (label: string) =>
      page.locator('.ant-form-item').filter({ has: page.getByText(label, { exact: true }) });
    await expect(mapped('Email')).toContainText('Column 1: E-mail Address');
    await expect(mapped('Last name')).toContainText('Column 3: Surname');
    await expect(mapped('Business unit')).toContainText('Column 4: Business Unit');
    await expect(mapped('Date of joining')).toContainText('Column 7: DOJ');
    await expect(mapped('Phone number')).toContainText('Not imported');
    await expectAccessible(page, 'Import users: map the columns');

    await page.getByRole('button', { name: 'Validate' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'rows:' })).toHaveText(
      '6 rows: 3 ready to import, 3 will be skipped',
    );
    const bad = page.getByRole('table');
    await expect(bad).toContainText('"not-an-email" is not a valid email address');
    await expectAccessible(page, 'Import users: validation');
    await expect(bad).toContainText('There is no business unit named "Atlantis"');
    await expect(bad).toContainText('"31/02/2024" is not a date');

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download detailed report' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe('people-report.csv');
    const report = await readFile((await download.path())!, 'utf8');
    expect(report).toContain('Row,Outcome,Reasons');
    expect(report).toContain('4,Will be skipped,"""not-an-email"" is not a valid email address"');
    // A formula is shown as text, never run by a spreadsheet.
    expect(report).toContain("'=cmd()");

    // Import and invite in one go: the choice is on by default.
    await expect(page.getByRole('checkbox', { name: 'Email each new person an invitation' })).toBeChecked();
    await page.getByRole('button', { name: 'Import 3 users' }).click();
    await expect(page.getByText('Import finished')).toBeVisible();
    await expect(page.getByText('Created 3 users; skipped 3 rows.', { exact: false })).toBeVisible();
    await expect(page.getByText('3 invitations sent by email.', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send invitations now' })).toHaveCount(0);
    await expect(page.getByRole('table')).toContainText('There is no business unit named "Atlantis"');
    // The invitation is in the (development) outbox, with a link to the workspace.
    const outbox = await page.context().newPage();
    await outbox.goto(
      url('main', `/dev/outbox?format=json&to=${encodeURIComponent(`e2e.one.${stamp}@acme-import.test`)}`),
    );
    const mails = JSON.parse((await outbox.locator('body').textContent()) ?? '[]') as { body: string }[];
    await outbox.close();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toMatch(/\/invite\/[A-Za-z0-9_-]+/);

    // The new users are real: the same file, validated again, reports them as existing users.
    await page.getByRole('button', { name: 'Import another file' }).click();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.getByRole('button', { name: 'Validate' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'rows:' })).toHaveText(
      '6 rows: 0 ready to import, 6 will be skipped',
    );
    await expect(page.getByRole('table')).toContainText(
      `e2e.one.${stamp}@acme-import.test is already a user of this workspace`,
    );
    await expect(page.getByRole('button', { name: 'Import 0 users' })).toBeDisabled();
  });

  test('an admin imports 1,000 rows with 20 bad ones, watches the progress, downloads the report, fixes the file and re-imports', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const BAD_UNIT = 'Atlantis';
    /** 1,000 people of Acme Pune; every 50th names a unit that does not exist (20 bad rows). */
    const file = (fixed: boolean) =>
      [
        'Email,First Name,Last Name,Business Unit',
        ...Array.from({ length: 1000 }, (_, i) => {
          const n = i + 1;
          const unit = n % 50 === 0 && !fixed ? BAD_UNIT : 'Acme Pune';
          return `scale.${stamp}.${n}@acme-import.test,Person${n},Scale,${unit}`;
        }),
      ].join('\n');

    await signIn(page, 'acme', 'admin@acme.test');
    await page.goto(url('acme', '/users/import'));
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'scale.csv', mimeType: 'text/csv', buffer: Buffer.from(file(false)) });
    await expect(page.getByText('Map the columns of scale.csv')).toBeVisible();
    await page.getByRole('button', { name: 'Validate' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'rows:' })).toHaveText(
      '1000 rows: 980 ready to import, 20 will be skipped',
    );

    // This time without mail: the invitations wait until the admin sends them.
    await page.getByRole('checkbox', { name: 'Email each new person an invitation' }).uncheck();
    await page.getByRole('button', { name: 'Import 980 users' }).click();
    // The job runs on the server; the page shows its progress, rows done of the total, and a Cancel button.
    const progress = page.getByRole('status', { name: 'Import progress' });
    await expect(progress).toContainText('of 1,000 rows done');
    await expect(progress.getByRole('progressbar')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel import' })).toBeVisible();
    await expect(page.getByText('Import finished')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('Created 980 users; skipped 20 rows.', { exact: false })).toBeVisible();
    await expect(page.getByText('No invitations were emailed', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send invitations now' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Skipped rows' })).toContainText(
      `There is no business unit named "${BAD_UNIT}"`,
    );

    // The report: every row's outcome.
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download report (CSV)' }).click();
    const csvReport = await csvDownload;
    expect(csvReport.suggestedFilename()).toMatch(/^\d{8}-\d{6}_scale-report\.csv$/);
    const lines = (await readFile((await csvReport.path())!, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(1001);
    expect(lines.filter((l) => /^\d+,Created,/.test(l))).toHaveLength(980);
    const skipped = lines.filter((l) => /^\d+,Skipped,/.test(l));
    expect(skipped).toHaveLength(20);
    expect(skipped[0]).toBe(
      `51,Skipped,"There is no business unit named ""${BAD_UNIT}""",scale.${stamp}.50@acme-import.test,Person50,Scale,${BAD_UNIT}`,
    );

    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download report (XLSX)' }).click();
    const xlsxReport = await xlsxDownload;
    expect(xlsxReport.suggestedFilename()).toMatch(/_scale-report\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await xlsxReport.path())!);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(1001);
    expect(sheet.getRow(51).getCell(2).value).toBe('Skipped');

    // The fixed file: only the 20 rows left out are created; the other 980 are already users.
    await page.getByRole('button', { name: 'Import another file' }).click();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'scale-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(file(true)) });
    await page.getByRole('button', { name: 'Validate' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'rows:' })).toHaveText(
      '1000 rows: 20 ready to import, 980 will be skipped',
    );
    await page.getByRole('button', { name: 'Import 20 users' }).click();
    await expect(page.getByText('Import finished')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('Created 20 users; skipped 980 rows.', { exact: false })).toBeVisible();
  });

  test('a file of the wrong type is refused with a clear message', async ({ page }) => {
    await signIn(page, 'acme', 'admin@acme.test');
    await page.goto(url('acme', '/users/import'));
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'people.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('not a zip') });
    await expect(page.getByRole('alert')).toContainText('This file is not a real XLSX workbook');
  });
});
