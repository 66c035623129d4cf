import { expect as baseExpect, test, type Page } from './support/test';
import { signIn, url } from './support/app';
import { expectAccessible, expectNoSidewaysScroll } from './support/accessibility';

// A walk over every page of the site on a shared, often busy machine: room for each step.
const expect = baseExpect.configure({ timeout: 30_000 });
test.use({ actionTimeout: 30_000 });

/** The newest mail to `email` in the development outbox. */
async function latestMail(page: Page, email: string): Promise<{ subject: string; body: string }> {
  const outbox = await page.context().newPage();
  try {
    await outbox.goto(url('main', `/dev/outbox?format=json&to=${encodeURIComponent(email)}`));
    const [mail] = JSON.parse((await outbox.locator('body').textContent()) ?? '[]') as {
      subject: string;
      body: string;
    }[];
    return mail;
  } finally {
    await outbox.close();
  }
}

/** Every page the sitemap lists, and the two it leaves out (the confirmation page and the identify/report finders are listed). */
async function sitePaths(page: Page): Promise<string[]> {
  const res = await page.request.get(url('main', '/sitemap.xml'));
  expect(res.status()).toBe(200);
  const paths = [...(await res.text()).matchAll(/<loc>[^<]*?:\d+(\/[^<]*)<\/loc>/g)].map((m) => m[1]);
  return [...paths, '/confirm'];
}

test('every public page answers with its own title and heading, fits a phone and passes axe', async ({ page }) => {
  test.setTimeout(600_000);
  const paths = await sitePaths(page);
  expect(paths.length).toBeGreaterThanOrEqual(27);
  for (const spec of [
    '/',
    '/our-solution',
    '/features',
    '/india',
    '/canada',
    '/our-partners',
    '/about-us',
    '/contact-us',
    '/clients',
    '/scorecards',
    '/webinars',
    '/privacy',
    '/terms',
    '/posh_medical',
    '/identify',
    '/report',
  ]) {
    expect(paths, spec).toContain(spec);
  }
  const titles = new Set<string>();
  for (const path of paths) {
    const response = await page.goto(url('main', path));
    expect(response?.status(), path).toBe(200);
    const title = await page.title();
    expect(title, path).toMatch(/SafePlace/);
    titles.add(title);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    expect(await page.locator('meta[name="description"]').getAttribute('content'), path).toBeTruthy();
    await expectAccessible(page, path);
    // Responsive from 360 px up: the narrowest phones in use, then a common one.
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await expectNoSidewaysScroll(page, `${path} at ${width} px`);
    }
    await page.setViewportSize({ width: 1366, height: 850 });
  }
  expect(titles.size).toBe(paths.length);

  // What a buyer in India reads.
  await page.goto(url('main', '/india'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The POSH Act, duty by duty');
  await expect(page.getByRole('table', { name: 'The employer’s duties under the POSH Act' })).toContainText(
    'within 90 days',
  );
  await page.getByRole('link', { name: 'The Internal Committee' }).first().click();
  await expect(page).toHaveURL(url('main', '/india/internal-committee'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Internal Committee');

  // An unknown address: the designed page, with status 404.
  const missing = await page.goto(url('main', '/no-such-page'));
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page.getByRole('link', { name: 'Find your organisation’s workspace' })).toBeVisible();
  await expectAccessible(page, '404');
});

test('the pages read with JavaScript off', async ({ browser }) => {
  const page = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await page.goto(url('main', '/canada/annual-report'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The annual report due by 1 March');
  await expect(page.getByText('the average number of months to resolve them')).toBeVisible();
  await page.goto(url('main', '/terms'));
  await expect(page.getByRole('heading', { name: '5. Complaint data' })).toBeVisible();
});

test('the contact form works without JavaScript: errors come back under their fields, then the request goes through', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await page.goto(url('main', '/contact-us'));
  const form = page.locator('#lead-form');
  const stamp = Date.now().toString(36);
  await form.getByLabel('Your name').fill('Ravi Menon');
  await form.getByLabel('Work email').fill('ravi-at-nowhere');
  await form.getByLabel('Country').selectOption('IN');
  await form.getByRole('button', { name: 'Send my request' }).click();
  // The server gives the page back: the error under its field, the answers still in their boxes.
  await expect(page.locator('#f-workEmail-error')).toHaveText('Enter an email address like name@company.com');
  await expect(page.locator('#f-workEmail-error')).toBeInViewport();
  await expect(page.locator('#f-organisation-error')).toHaveText('Enter your organisation');
  await expect(page.getByRole('status')).toHaveText('Please correct the fields marked below.');
  await expect(form.getByLabel('Your name')).toHaveValue('Ravi Menon');
  await expect(form.getByLabel('Country')).toHaveValue('IN');
  // axe runs as a script in the page, so it cannot run here; the same page with errors passes axe in the next journey.

  await form.getByLabel('Work email').fill(`ravi.${stamp}@menon-ports.example`);
  await form.getByLabel('Organisation').fill(`Menon Ports ${stamp}`);
  await form.getByLabel('Number of employees').selectOption('250-999');
  await form.getByRole('button', { name: 'Send my request' }).click();
  await expect(page).toHaveURL(url('main', '/contact-us/sent'));
  await expect(page.getByRole('heading', { name: 'Check your email', level: 1 })).toBeVisible();
  const sales = await latestMail(page, 'sales@localhost');
  expect(sales.subject).toContain(`Menon Ports ${stamp}`);
});

test('a buyer asks for a demo: the sales address is mailed, the address confirmed, and the platform admin sees the request', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await (await browser.newContext()).newPage();
  await page.goto(url('main', '/'));
  await page.getByRole('link', { name: 'Ask for a demo' }).first().click();
  await expect(page).toHaveURL(url('main', '/contact-us'));
  const form = page.locator('#lead-form');
  // Sent empty, every required field says what it needs.
  await form.getByRole('button', { name: 'Send my request' }).click();
  await expect(page.getByText('Enter your name')).toBeVisible();
  await expect(page.getByText('Choose a country')).toBeVisible();
  await expectAccessible(page, 'contact form with errors');

  const stamp = Date.now().toString(36);
  const email = `meera.${stamp}@sunrise-hospitals.example`;
  await form.getByLabel('Your name').fill('Meera Iyer');
  await form.getByLabel('Work email').fill(email);
  await form.getByLabel('Organisation').fill(`Sunrise Hospitals ${stamp}`);
  await form.getByLabel('Country').selectOption('IN');
  await form.getByLabel('Number of employees').selectOption('1000+');
  await form.getByLabel('What would you like to know?').fill('We run 12 hospitals and need a committee per branch.');
  await form.getByRole('button', { name: 'Send my request' }).click();
  await expect(page.getByRole('status')).toContainText('Thank you. We have your request');

  const sales = await latestMail(page, 'sales@localhost');
  expect(sales.subject).toBe(`Demo request: Sunrise Hospitals ${stamp} (India, 1,000 or more employees)`);
  const confirmation = await latestMail(page, email);
  const link = /https?:\/\/\S+\/confirm\?code=[A-Za-z0-9_-]+/.exec(confirmation.body)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByRole('status')).toHaveText(
    'Your address is confirmed. We will be in touch within one working day.',
  );

  const platform = await (await browser.newContext()).newPage();
  await signIn(platform, 'main', 'platform@demo.test');
  await platform.getByRole('navigation', { name: 'Platform' }).getByText('Demo requests').click();
  await expect(platform.getByRole('heading', { name: 'Demo requests', level: 1 })).toBeVisible();
  const row = platform.getByRole('row').filter({ hasText: `Sunrise Hospitals ${stamp}` });
  await expect(row).toContainText(email);
  await expect(row).toContainText('1,000 or more employees');
  await expect(row).toContainText('Confirmed');
  await expectAccessible(platform, 'Demo requests');
});

test('a visitor completes the scorecard in the browser and carries the score to the contact form', async ({ page }) => {
  await page.goto(url('main', '/scorecards'));
  await page.getByRole('radio', { name: 'Canada (federal)' }).check();
  const canada = page.getByRole('group', { name: 'Canada (federal): ten questions' });
  await expect(canada).toBeVisible();
  await expect(page.getByRole('group', { name: 'India (POSH Act): ten questions' })).toBeHidden();
  const questions = canada.getByRole('group');
  const count = await questions.count();
  expect(count).toBe(10);
  // Yes to all but the one-year limit (15) and the annual report (10).
  for (let i = 0; i < count; i++) {
    const question = questions.nth(i);
    const text = (await question.textContent()) ?? '';
    await question.getByRole('radio', { name: /one year|annual report/.test(text) ? 'No or not sure' : 'Yes' }).check();
  }
  await page.getByRole('button', { name: 'See my score' }).click();
  await expect(page.getByRole('heading', { name: 'Your score: 75 out of 100' })).toBeVisible();
  await expect(page.getByText('Some gaps to close.')).toBeVisible();
  const fixes = page.locator('#scorecard-result ol li');
  await expect(fixes).toHaveText([
    'Track every case against the one-year limit (CA-07).',
    'File the annual report (LAB1206) for the previous calendar year by 1 March (CA-10).',
  ]);
  await expectAccessible(page, 'scorecard result');
  await page.getByRole('link', { name: 'Ask us to help with this' }).click();
  await expect(page).toHaveURL(url('main', '/contact-us?from=scorecard&score=75'));
  await expect(page.getByLabel('What would you like to know?')).toHaveValue(/Our scorecard result was 75 out of 100/);
});

test('sign-in deep links, the workspace finder and reporting without an account', async ({ page }) => {
  // /identify finds the workspace from its short name.
  await page.goto(url('main', '/identify'));
  await page.getByLabel('Your organisation’s SafePlace address').fill('acme');
  await page.getByRole('button', { name: 'Go to sign-in' }).click();
  await expect(page).toHaveURL(url('acme', '/signin'));
  await expect(page.getByRole('heading', { name: 'Sign in to Acme' })).toBeVisible();

  // The methods' own addresses.
  await page.goto(url('acme', '/signin-mobile'));
  await expect(page.getByLabel('Mobile number')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Text me a code' })).toBeVisible();
  await page.goto(url('acme', '/signin-password'));
  await expect(page.getByLabel('Password')).toBeVisible();
  await expectAccessible(page, 'signin-password');

  // From the sign-in page to the report page, which says whose committee it reaches and what anonymity covers.
  await page.getByRole('link', { name: 'Report without signing in' }).click();
  await expect(page).toHaveURL(url('acme', '/report'));
  await expect(page.getByText('Reporting to the committee of')).toContainText('Acme');
  await expect(page.getByRole('heading', { name: 'What your anonymity covers, and what it does not' })).toBeVisible();
  await expect(page.getByText('What you write can identify you')).toBeVisible();
  await expectAccessible(page, 'report');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, 'report at 390 px');

  // The site's own link: the main host's /report leads to the workspace's.
  await page.goto(url('main', '/report'));
  await page.getByLabel('Your organisation’s SafePlace address').fill('acme');
  await page.getByRole('button', { name: 'Open the report page' }).click();
  await expect(page).toHaveURL(url('acme', '/report'));
});
