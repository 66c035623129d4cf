import { expect, test, type Page } from './support/test';
import { expectAccessible, expectNoSidewaysScroll, expectOneH1 } from './support/accessibility';
import { signIn, url } from './support/app';

/**
 * Every screen of every role, on a small phone (360x740), a common phone (390x844) and a desk (1366x850):
 * no sideways scroll, exactly one h1, and axe finds no serious or critical violation (UI.md). Each failure is
 * collected (expect.soft), so that one run lists every screen that breaks the rule.
 */
const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 1366, height: 850 },
];
/** Screenshots of every screen at every size, to look at, when SCREENS_DIR names a folder (off in `npm test`). */
const SHOTS = process.env.SCREENS_DIR;

/**
 * Opens a route once, waits until its data has arrived and nothing is loading, then checks it at each size (the
 * layout follows the window's width as it changes, as it does when a phone turns).
 */
async function checkScreen(page: Page, site: string, path: string, name: string): Promise<void> {
  await page.setViewportSize(VIEWPORTS[0]);
  await page.goto(url(site, path));
  await settle(page);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    const label = `${name} at ${viewport.width} px`;
    expect.soft(await page.locator('h1').count(), `"${label}" has exactly one h1`).toBe(1);
    await softly(() => expectNoSidewaysScroll(page, label));
    await softly(() => expectAccessible(page, label));
    if (SHOTS)
      await page.screenshot({
        path: `${SHOTS}/${name.replace(/[^a-z0-9]+/gi, '-')}-${viewport.width}.png`,
        fullPage: true,
      });
  }
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // On a loaded machine the network can fall idle before the screen has rendered (nothing loading yet, nothing
  // shown): wait for its heading to be in the page. A screen without one still fails the one-h1 check below.
  await page
    .locator('h1')
    .first()
    .waitFor({ state: 'attached', timeout: 20_000 })
    .catch(() => undefined);
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, [aria-busy="true"]')).toHaveCount(0, {
    timeout: 20_000,
  });
}

/** An assertion helper that throws, turned into a soft failure that lets the walk go on. */
async function softly(check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    expect.soft(error instanceof Error ? error.message : String(error), 'passes').toBe('');
  }
}

/** The first link of a list that opens a detail page under `prefix` (for example a course). */
async function firstDetail(page: Page, site: string, list: string, prefix: string): Promise<string> {
  await page.goto(url(site, list));
  await settle(page);
  const href = await page.locator(`a[href^="${prefix}"]`).first().getAttribute('href');
  return new URL(href!, url(site)).pathname;
}

// Each walk only reads: the two workers may share the file's walks (docs/architecture.md "The time of `npm test`").
test.describe.configure({ mode: 'parallel', timeout: 600_000 });

test('every public page fits a phone, has one h1 and passes axe', async ({ page }) => {
  for (const [site, path] of [
    ['main', '/'],
    ['main', '/signin'],
    ['main', '/workspace/signin'],
    ['main', '/signup'],
    ['acme', '/signin'],
    ['acme', '/forgot-password'],
  ] as const) {
    await checkScreen(page, site, path, `${site} ${path}`);
  }
});

// The workspace admin's screens, in two walks of about ten screens each, so that the two workers share them.
test('every screen of the workspace admin (home, people, courses, workflows, security, organisation) fits a phone, has one h1 and passes axe', async ({
  page,
}) => {
  await signIn(page, 'acme', 'admin@acme.test');
  const routes = [
    '/dashboard',
    '/people',
    '/courses',
    await firstDetail(page, 'acme', '/courses', '/courses/'),
    '/users/import',
    '/workflows',
    await firstDetail(page, 'acme', '/workflows', '/workflows/'),
    '/security/log',
    '/organisation/business-units',
    '/organisation/departments',
  ];
  for (const path of routes) await checkScreen(page, 'acme', path, `admin ${path}`);
});

test('every screen of the workspace admin (settings, compliance, notice, manual, profile) fits a phone, has one h1 and passes axe', async ({
  page,
}) => {
  await signIn(page, 'acme', 'admin@acme.test');
  const routes = [
    '/organisation/branding',
    '/organisation/settings',
    '/organisation/permissions',
    '/compliance',
    '/compliance/training-cadence',
    '/compliance/returns',
    '/compliance/duties',
    '/notice',
    '/manual',
    '/profile',
  ];
  for (const path of routes) await checkScreen(page, 'acme', path, `admin ${path}`);
});

test('every screen of the employee fits a phone, has one h1 and passes axe', async ({ page }) => {
  await signIn(page, 'acme', 'employee@acme.test');
  for (const path of ['/dashboard', '/training', '/notice', '/manual', '/profile'])
    await checkScreen(page, 'acme', path, `employee ${path}`);
});

test('every screen of the business-unit admin fits a phone, has one h1 and passes axe', async ({ page }) => {
  await signIn(page, 'acme', 'buadmin@acme.test');
  for (const path of [
    '/dashboard',
    '/people',
    '/courses',
    '/users/import',
    '/organisation/business-units',
    '/organisation/departments',
  ]) {
    await checkScreen(page, 'acme', path, `business-unit admin ${path}`);
  }
});

test('every screen of the platform admin fits a phone, has one h1 and passes axe', async ({ page }) => {
  await signIn(page, 'main', 'platform@demo.test');
  const routes = [
    '/platform/workspaces',
    await firstDetail(page, 'main', '/platform/workspaces', '/platform/workspaces/'),
    '/platform/audit',
    '/platform/flags',
    '/platform/manual',
    '/platform/allow-list',
    '/platform/users',
    '/platform/jurisdictions',
    '/platform/compliances',
  ];
  for (const path of routes) await checkScreen(page, 'main', path, `platform ${path}`);
});

test('on a phone the menu opens from the header in a drawer, by keyboard, and takes the employee where they chose', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'acme', 'employee@acme.test');
  // No side menu squeezing the page: the menu waits behind a button, and the account menu shows the whole name.
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Esha Employee, account menu', exact: true })).toBeVisible();
  const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await expectAccessible(page, 'the phone menu');
  await drawer.getByRole('link', { name: 'User manual' }).click();
  await expect(page).toHaveURL(/\/manual$/);
  await expect(drawer).toBeHidden();
  await expectNoSidewaysScroll(page, 'the manual after the phone menu');
});
