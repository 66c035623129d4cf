import { expect, test, type Page, type Response } from './support/test';
import { fetchStatus, signIn, url } from './support/app';
import { expectAccessible, expectNoSidewaysScroll } from './support/accessibility';

const PHONE = { width: 390, height: 844 };
const SHOTS = 'reports/screens/product-frame';

/** Every answer of 400 or more while the page loads (its icon included): a missing favicon is a 404 on every page. */
function failedResponses(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (response: Response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  return failed;
}

test('the menu is grouped links, every page has the product’s icon, and an employee at an admin address gets one clear page', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const failed = failedResponses(page);

  // The public site, the sign-in page: the icon is declared and answers.
  await page.goto(url('main', '/'));
  await expect(page.locator('link[rel="icon"][type="image/svg+xml"]')).toHaveAttribute('href', '/favicon.svg');
  await page.goto(url('acme', '/signin'));
  await expect(page.locator('link[rel="icon"]').first()).toHaveAttribute('href', '/favicon.svg');
  for (const icon of ['/favicon.svg', '/favicon.ico', '/apple-touch-icon.png']) {
    expect(await fetchStatus(page, icon), icon).toBe(200);
  }

  // The employee's menu: real links, under headings by area.
  await signIn(page, 'acme', 'employee@acme.test');
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu.getByRole('heading', { level: 2, name: 'Training' })).toBeVisible();
  await expect(menu.getByRole('heading', { level: 2, name: 'Complaints' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'My training' })).toHaveAttribute('href', '/training');
  await expect(menu.getByRole('link', { name: 'Raise a concern' })).toHaveAttribute('href', '/concerns/new');
  await expect(menu.getByRole('menuitem')).toHaveCount(0);
  await expect(menu.getByRole('heading', { name: 'Organisation' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await page.screenshot({ path: `${SHOTS}/employee-menu-1366.png` });
  await expectAccessible(page, 'the employee’s grouped menu');

  // A link of the menu opens in the app, and the page it leads to is marked as the current one.
  await menu.getByRole('link', { name: 'My training' }).click();
  await expect(page).toHaveURL(/\/training$/);
  await expect(menu.getByRole('link', { name: 'My training' })).toHaveAttribute('aria-current', 'page');

  // An address of the admins' area: one page saying so, none of the area's buttons, and the way home.
  await page.goto(url('acme', '/people'));
  await expect(page.getByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeInViewport();
  await expect(page.getByText('ask your workspace administrator to give you access')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invite people' })).toHaveCount(0);
  await expect(page.getByText('Try again')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/access-denied-1366.png` });
  await expectAccessible(page, 'access denied');
  await page.goto(url('acme', '/organisation/permissions'));
  await expect(page.getByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeVisible();

  await page.setViewportSize(PHONE);
  await expect(page.getByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeInViewport();
  await expectNoSidewaysScroll(page, 'access denied (390 px)');
  await page.screenshot({ path: `${SHOTS}/access-denied-390.png` });
  await expectAccessible(page, 'access denied (390 px)');
  await page.getByRole('link', { name: 'Go to your start page' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // On a phone the same grouped links, in the menu's drawer.
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('heading', { level: 2, name: 'Policies' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'My policies' })).toHaveAttribute('href', '/policies/mine');
  await page.screenshot({ path: `${SHOTS}/employee-menu-390.png` });
  await expectAccessible(page, 'the grouped menu in the phone drawer');
  await context.close();

  // The admin's menu: every area under its heading, each link the area's address.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const adminFailed = failedResponses(admin);
  await signIn(admin, 'acme', 'admin@acme.test');
  const adminMenu = admin.getByRole('navigation', { name: 'Main' });
  await expect(adminMenu.getByRole('heading', { level: 2 })).toHaveText([
    'Training',
    'Policies',
    'Complaints',
    'People',
    'Organisation',
  ]);
  await expect(adminMenu.getByRole('link', { name: 'People', exact: true })).toHaveAttribute('href', '/people');
  await admin.screenshot({ path: `${SHOTS}/admin-menu-1366.png`, fullPage: true });
  await expectAccessible(admin, 'the admin’s grouped menu');
  // The admin opens the same address the employee could not: the page itself.
  await adminMenu.getByRole('link', { name: 'People', exact: true }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  await expect(admin.getByText('You do not have access to this page')).toHaveCount(0);
  await adminContext.close();

  // No page asked for anything missing: no 404 for an icon, nor for anything else.
  expect([...failed, ...adminFailed].filter((line) => !line.includes('/api/'))).toEqual([]);
});

test('the platform console’s own menu is grouped links with the product’s mark', async ({ page }) => {
  const failed = failedResponses(page);
  await signIn(page, 'main', 'platform@demo.test');
  const menu = page.getByRole('navigation', { name: 'Platform' });
  await expect(menu.getByRole('heading', { level: 2 })).toHaveText(['Workspaces', 'Law and content', 'Operations']);
  await expect(menu.getByRole('link', { name: 'Audit trail' })).toHaveAttribute('href', '/platform/audit');
  await expect(page.locator('.shell-brand svg.product-mark')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/platform-menu-1366.png` });
  await expectAccessible(page, 'the platform console’s grouped menu');
  expect(failed.filter((line) => !line.includes('/api/'))).toEqual([]);
});

test('a person picked for the committee shows in its members at once', async ({ page }) => {
  await signIn(page, 'acme', 'admin@acme.test');
  await page.goto(url('acme', '/committees'));
  await expect(page.getByRole('heading', { level: 1, name: 'Internal Committee' })).toBeVisible();
  const open = page.getByRole('button', { name: /^(Change|Constitute the committee)$/ }).first();
  await open.click();
  const drawer = page.getByRole('dialog');
  const members = drawer.getByRole('list', { name: 'Members' }).or(drawer.getByLabel('Members')).first();
  await drawer.getByRole('combobox', { name: 'Find a person to add' }).fill('employee@acme.test');
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
  await expect(option).toBeVisible();
  const picked = ((await option.getAttribute('title')) ?? (await option.innerText())).trim();
  await option.click();
  // The pick is in the list straight away, with its role to choose: no second search needed.
  await expect(members.getByText(picked, { exact: true })).toBeInViewport();
  await expect(drawer.getByRole('button', { name: `Remove ${picked}` })).toBeVisible();
  await expectAccessible(page, 'the committee drawer after a pick');
  // Left unsaved: the journey changes nothing of Acme's committee.
  await page.keyboard.press('Escape');
});
