import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signIn, url } from './support/app';

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

    await page.locator('input[type=file]').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });

    // The proposed mapping: headers spelled differently are matched.
    await expect(page.getByText('Map the columns of people.csv')).toBeVisible();
    const mapped = (label: string) => page.locator('.ant-form-item').filter({ has: page.getByText(label, { exact: true }) });
    await expect(mapped('Email')).toContainText('Column 1: E-mail Address');
    await expect(mapped('Last name')).toContainText('Column 3: Surname');
    await expect(mapped('Business unit')).toContainText('Column 4: Business Unit');
    await expect(mapped('Date of joining')).toContainText('Column 7: DOJ');
    await expect(mapped('Phone number')).toContainText('Not imported');

    await page.getByRole('button', { name: 'Validate' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'rows:' })).toHaveText('6 rows: 3 ready to import, 3 will be skipped');
    const bad = page.getByRole('table');
    await expect(bad).toContainText('"not-an-email" is not a valid email address');
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

    await page.getByRole('button', { name: 'Import 3 users' }).click();
    await expect(page.getByText('Import finished')).toBeVisible();
    await expect(page.getByText('Created 3 users; skipped 3 rows.', { exact: false })).toBeVisible();
    await expect(page.getByRole('table')).toContainText('There is no business unit named "Atlantis"');

    // The new users are real: the same file, validated again, reports them as existing users.
    await page.getByRole('button', { name: 'Import another file' }).click();
    await page.locator('input[type=file]').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.getByRole('button', { name: 'Validate' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'rows:' })).toHaveText('6 rows: 0 ready to import, 6 will be skipped');
    await expect(page.getByRole('table')).toContainText(`e2e.one.${stamp}@acme-import.test is already a user of this workspace`);
    await expect(page.getByRole('button', { name: 'Import 0 users' })).toBeDisabled();
  });

  test('a file of the wrong type is refused with a clear message', async ({ page }) => {
    await signIn(page, 'acme', 'admin@acme.test');
    await page.goto(url('acme', '/users/import'));
    await page.locator('input[type=file]').setInputFiles({ name: 'people.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('not a zip') });
    await expect(page.getByRole('alert')).toContainText('This file is not a real XLSX workbook');
  });
});
