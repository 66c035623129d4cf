import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, url } from './support/app';

// Works on seeded people of Acme Headquarters' Sales department, whom no other journey counts.
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
  await page.getByRole('navigation', { name: 'Main' }).getByText('People').click();
  await expect(page).toHaveURL(/\/people$/);
  await expect(page.getByRole('heading', { name: 'People', level: 1 })).toBeVisible();
  await expect(page.getByText('Deactivated', { exact: true }).first()).toBeVisible();
  await expect(rows(page)).toHaveCount(20);
  await expect(page.getByText(/\d+ people$/)).toBeVisible();

  // Server-side sort: email, descending.
  await page.getByRole('columnheader', { name: 'Email' }).click();
  await page.getByRole('columnheader', { name: 'Email' }).click();
  await expect(page.getByRole('columnheader', { name: 'Email' })).toHaveAttribute('aria-sort', 'descending');
  const emails = await rows(page).locator('td:nth-child(3)').allTextContents();
  expect(emails).toEqual([...emails].sort().reverse());

  // Search and edit.
  await search(page, 'rohan');
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Edit Rohan Patel' }).click();
  const drawer = page.getByRole('dialog', { name: 'Edit Rohan Patel' });
  await drawer.getByLabel('Designation').fill('Sales lead');
  await drawer.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved rohan.patel2@acme.test')).toBeVisible();
  await page.getByRole('button', { name: 'Edit Rohan Patel' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Rohan Patel' }).getByLabel('Designation')).toHaveValue('Sales lead');
  await page.getByRole('dialog', { name: 'Edit Rohan Patel' }).getByRole('button', { name: 'Close' }).click();

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

  // Filter by status: exactly those two are deactivated.
  await search(page, '');
  await chooseOption(page, 'Filter by status', 'Deactivated');
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).filter({ hasText: 'meera.bose5@acme.test' })).toHaveCount(1);
  await page.getByRole('checkbox', { name: 'Select Meera Bose' }).check();
  await page.getByRole('checkbox', { name: 'Select Siddharth Menon' }).check();
  await page.getByRole('button', { name: 'Reactivate selected' }).click();
  await page.getByRole('button', { name: 'Reactivate', exact: true }).click();
  await expect(page.getByText('Reactivated 2 people')).toBeVisible();
  await expect(page.getByText('Nobody matches these filters')).toBeVisible();

  // Delete one, after a confirmation that says what goes and what stays.
  await page.locator('.ant-select-clear').first().click();
  await search(page, 'divya');
  await page.getByRole('button', { name: 'Edit Divya Gupta' }).click();
  await page.getByRole('dialog', { name: 'Edit Divya Gupta' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Complaint records are never deleted with a person')).toBeVisible();
  await page.getByRole('button', { name: 'Delete 1 person' }).click();
  await expect(page.getByText('Deleted 1 person')).toBeVisible();
  await expect(page.getByText('Nobody matches these filters')).toBeVisible();
});

test('an employee has no People page in the menu, and the server refuses the directory', async ({ page }) => {
  await signIn(page, 'acme', 'employee@acme.test');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText('People')).toHaveCount(0);
  const status = await page.evaluate(async () => {
    const token = document.cookie.match(/sp_token=([^;]+)/)?.[1];
    return (await fetch('/main-api/api/workspace/users', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' })).status;
  });
  expect(status).toBe(403);
});
