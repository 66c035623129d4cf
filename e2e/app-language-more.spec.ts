import { expect as baseExpect, test, type Page } from './support/test';
import { api, signIn, url } from './support/app';
import { expectAccessible, expectNoSidewaysScroll } from './support/accessibility';

/** A loaded machine answers slowly: wait longer for what the user sees. */
const expect = baseExpect.configure({ timeout: 30_000 });

const PHONE = { width: 390, height: 844 };

async function checkScreen(page: Page, name: string): Promise<void> {
  await expectNoSidewaysScroll(page, name);
  await expectAccessible(page, name);
}

/** The newest invitation link mailed to `email`, from the development outbox. */
async function inviteLink(page: Page, email: string): Promise<string> {
  const outbox = await page.context().newPage();
  try {
    await outbox.goto(url('main', `/dev/outbox?format=json&to=${encodeURIComponent(email)}`));
    const [mail] = JSON.parse((await outbox.locator('body').textContent()) ?? '[]') as { body: string }[];
    const link = /(http:\/\/acme\.localhost:\d+\/invite\/[A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1];
    if (!link) throw new Error(`no invitation link for ${email}`);
    return link;
  } finally {
    await outbox.close();
  }
}

test.describe('the rest of the app in the reader’s language', () => {
  test.use({ actionTimeout: 30_000 });

  test('a new employee who reads Kannada sees My policies, the complaint list and the menu in Kannada on a phone', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const stamp = Date.now().toString(36);
    const email = `kavya.${stamp}@acme-language.test`;

    // ---- Set-up through the API: Acme's admin invites a new employee (no seeded account is changed).
    const admin = await (await browser.newContext()).newPage();
    await signIn(admin, 'acme', 'admin@acme.test');
    const units = await api<{ branchId: string; headquarter?: boolean }[]>(
      admin,
      'GET',
      '/main-api/api/workspace/all-branches1',
    );
    const unit = units.find((u) => u.headquarter) ?? units[0];
    await api(admin, 'POST', `/main-api/api/invite/user/${unit.branchId}`, {
      email,
      firstName: 'Kavya',
      lastName: 'Rao',
    });
    const link = await inviteLink(admin, email);

    // ---- The employee joins on a phone and chooses Kannada (their profile's language, through the API).
    const page = await (await browser.newContext({ viewport: PHONE })).newPage();
    await page.goto(link);
    await page.getByLabel('New password').fill('monsoon teacup violet harbour');
    await page.getByRole('button', { name: 'Set password and continue' }).click();
    await expect(page).toHaveURL(url('acme', '/dashboard'));
    await api(page, 'PUT', '/main-api/api/user', { firstName: 'Kavya', lastName: 'Rao', language: 'KANNADA' });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'kn');

    // The first sign-in's welcome, in Kannada.
    const welcome = page.getByRole('dialog', { name: 'Acme ಗೆ ಸ್ವಾಗತ' });
    await expect(welcome).toBeVisible();
    await expect(welcome.getByText('ನಿಮ್ಮ ಪ್ರಮಾಣಪತ್ರಗಳಲ್ಲಿ ಮತ್ತು ಸಹೋದ್ಯೋಗಿಗಳಿಗೆ ನಿಮ್ಮ ಹೆಸರು ಹೇಗೆ ಕಾಣಬೇಕು ಎಂದು ಪರಿಶೀಲಿಸಿ.')).toBeVisible();
    await welcome.getByRole('button', { name: 'ಮುಂದುವರಿಯಿರಿ' }).click();
    await expect(welcome).toBeHidden();

    // The menu: the phone's menu button and every member's entries, in Kannada.
    await page.getByRole('button', { name: 'ಮೆನು', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'ಮೆನು', exact: true });
    await expect(drawer).toBeVisible();
    const menu = drawer.getByRole('navigation', { name: 'Main' });
    for (const entry of ['ನನ್ನ ತರಬೇತಿ', 'ನನ್ನ ನೀತಿಗಳು', 'ದೂರು ಸಲ್ಲಿಸಿ', 'ದೂರುಗಳು'])
      await expect(menu.getByText(entry, { exact: true })).toBeVisible();
    await checkScreen(page, 'The menu in Kannada (390 px)');

    // My policies, from the menu: nothing accepted yet, said in Kannada.
    await menu.getByText('ನನ್ನ ನೀತಿಗಳು', { exact: true }).click();
    await expect(page).toHaveURL(url('acme', '/policies/mine'));
    await expect(page.getByRole('heading', { level: 1, name: 'ನನ್ನ ನೀತಿಗಳು' })).toBeVisible();
    await expect(page.getByText('ನೀವು ಒಪ್ಪಿಕೊಂಡ ನೀತಿಗಳು, ಆವೃತ್ತಿ ಮತ್ತು ದಿನಾಂಕದೊಂದಿಗೆ.', { exact: false })).toBeVisible();
    await expect(page.getByText('ನೀವು ಇನ್ನೂ ಯಾವುದೇ ನೀತಿಯನ್ನು ಒಪ್ಪಿಕೊಂಡಿಲ್ಲ')).toBeVisible();
    await expect(page.getByRole('link', { name: 'ನಿಮ್ಮ ಮುಖಪುಟ' })).toBeVisible();
    await checkScreen(page, 'My policies in Kannada (390 px)');

    // The complaint list: the title, the way to raise a concern and the empty list, in Kannada.
    await page.goto(url('acme', '/complaints'));
    await expect(page.getByRole('heading', { level: 1, name: 'ದೂರುಗಳು' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'ದೂರು ಸಲ್ಲಿಸಿ' })).toBeVisible();
    await expect(page.getByText('ನಿಮ್ಮ ಯಾವುದೇ ದೂರುಗಳಿಲ್ಲ, ಮತ್ತು ನಿಮಗೆ ಯಾವುದೇ ಪ್ರಕರಣ ವಹಿಸಿಲ್ಲ.')).toBeVisible();
    await checkScreen(page, 'The complaint list in Kannada (390 px)');
  });

  test('the sign-in page switched to Tamil speaks Tamil, and keeps it on the next page', async ({ browser }) => {
    const page = await (await browser.newContext({ viewport: PHONE })).newPage();
    await page.goto(url('acme', '/signin'));
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Acme' })).toBeVisible();
    await page.getByLabel('Language of this page').selectOption('TAMIL');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
    await expect(page.getByRole('heading', { level: 1, name: 'Acme இல் உள்நுழைக' })).toBeVisible();
    await expect(page.getByLabel('மின்னஞ்சல் அல்லது பயனர்பெயர்')).toBeVisible();
    await expect(page.getByLabel('இந்தப் பக்கத்தின் மொழி')).toHaveValue('TAMIL');
    await checkScreen(page, 'Sign-in in Tamil (390 px)');

    // A wrong password is refused in Tamil too.
    await page.getByLabel('மின்னஞ்சல் அல்லது பயனர்பெயர்').fill(`nobody.${Date.now().toString(36)}@acme.test`);
    await page.getByLabel('கடவுச்சொல்', { exact: true }).fill('not the password at all');
    await page.getByRole('button', { name: 'உள்நுழைக', exact: true }).click();
    await expect(page.getByText('மின்னஞ்சல், பயனர்பெயர் அல்லது கடவுச்சொல் சரியில்லை.')).toBeVisible();

    // The next page of the sign-in pages opens in the language chosen.
    await page.goto(url('acme', '/forgot-password'));
    await expect(page.getByRole('heading', { level: 1, name: 'உங்கள் கடவுச்சொல்லை மீட்டமைக்கவும்' })).toBeVisible();
    await checkScreen(page, 'Forgot password in Tamil (390 px)');
  });
});
