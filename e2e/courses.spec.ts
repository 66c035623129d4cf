import { expect, test, type Locator, type Page } from './support/test';
import { signIn, url } from './support/app';
import { expectAccessible } from './support/accessibility';

/**
 * Opens an antd Select by its label and picks an option by its visible text, with the keyboard-reachable control,
 * until the field shows the choice. Under load, Playwright's scroll-into-view of the option has scrolled the page
 * behind the drawer; antd then re-aligns the open list and the click lands where the option was (seen in traces:
 * the list moved by the scrolled distance). Such a click changes nothing, and the pick is made again.
 */
async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  const field = scope.getByLabel(label, { exact: true });
  const shown = field.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select-content ")][1]');
  await expect(async () => {
    if ((await field.getAttribute('aria-expanded')) !== 'true') await field.click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click({ timeout: 5_000 });
    await expect(shown).toHaveAttribute('title', option, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

test.describe('assign a course', () => {
  test('an admin reads the course in Hindi, assigns it by business unit and department, and assigning twice changes nothing', async ({
    page,
  }) => {
    test.slow(); // a long journey: two assignments through the whole stack
    // Other journeys of the run assign this course too (to employee@acme.test): the counts are read, not assumed.
    // A repeat (--repeat-each) finds the previous run's assignments: everyone it narrows to has the course already.
    const repeat = test.info().repeatEachIndex > 0;
    await signIn(page, 'acme', 'admin@acme.test');
    await page.getByRole('navigation', { name: 'Main' }).getByText('Courses').click();
    await expect(page).toHaveURL(/\/courses$/);
    const row = page.getByRole('row', { name: /Preventing Sexual Harassment at Work/ });
    await expect(row).toContainText('Published');
    await expect(row).toContainText('English');
    await expectAccessible(page, 'Courses');
    await row.getByRole('link', { name: 'Preventing Sexual Harassment at Work', exact: true }).click();

    // The primary language by default, then Hindi.
    await expect(page.getByRole('heading', { name: 'Preventing Sexual Harassment at Work' })).toBeVisible();
    await expectAccessible(page, 'Preventing Sexual Harassment at Work');
    await expect(page.getByText('Understanding sexual harassment')).toBeVisible();
    await choose(page, page.locator('main, .shell-content').first(), 'Language', 'Hindi (हिन्दी)');
    await expect(page.getByRole('heading', { name: 'कार्यस्थल पर यौन उत्पीड़न की रोकथाम' })).toBeVisible();
    await expectAccessible(page, 'कार्यस्थल पर यौन उत्पीड़न की रोकथाम');
    await expect(page.getByText('यौन उत्पीड़न को समझना')).toBeVisible();
    await expect(page.getByText('इनमें से कौन-सा यौन उत्पीड़न हो सकता है?')).toBeVisible();

    // Assign: everyone first, then narrow to a business unit and a department.
    await page.getByRole('button', { name: 'Assign course' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByLabel('Joining date')).toBeVisible();
    await expect(drawer.getByLabel('Joined until')).toBeVisible();
    await expect(drawer.getByLabel('Search by name')).toBeVisible();
    await expectAccessible(page, 'Assign course drawer');
    const count = drawer.getByRole('status', { name: 'Matching users' });
    await expect(count).toHaveAttribute('aria-busy', 'false');
    await expect(count).toContainText(/\d+ users match, \d+ already assigned/);
    const everyone = Number((await count.textContent())!.match(/(\d+) users match/)![1]);

    await choose(page, drawer, 'Business unit', 'Acme Pune');
    await expect(count).toHaveAttribute('aria-busy', 'false');
    await expect(count).not.toContainText(`${everyone} users match`);
    await choose(page, drawer, 'Department', 'Human Resources');
    await expect(count).toHaveAttribute('aria-busy', 'false');
    await expect(count).toContainText(/\d+ users? match(es)?, \d+ already assigned/);
    await expect(drawer.getByText('First matches')).toBeVisible();
    const matched = Number((await count.textContent())!.match(/(\d+) users? match/)![1]);
    expect(matched).toBeGreaterThan(0);
    expect(matched).toBeLessThan(everyone);
    const had = Number((await count.textContent())!.match(/, (\d+) already assigned/)![1]);
    if (repeat) expect(had).toBe(matched);
    const firstMatch = (await drawer.locator('.ant-list-item-meta-title').first().textContent())!.trim();

    await drawer.getByRole('button', { name: 'Confirm' }).click();
    await expect(
      page.getByText(`Course assigned: ${matched - had} newly assigned, ${had} already had the course.`).first(),
    ).toBeVisible();
    const membersTab = page.getByRole('tab', { name: /^Members \(\d+\)$/ });
    await expect(membersTab).toHaveAttribute('aria-selected', 'true');
    // Everyone narrowed to is a member now (the course may have members elsewhere, from other journeys). The tab's
    // count follows the members' reload, which may answer after the tab is shown: wait for it.
    await expect
      .poll(async () => Number((await membersTab.textContent())!.match(/\((\d+)\)/)![1]))
      .toBeGreaterThanOrEqual(matched);
    const members = page.getByRole('table', { name: 'Members' });
    await expect(members.getByRole('row', { name: new RegExp(firstMatch) })).toContainText('Acme Pune');
    // People of Pune HR by any Acme address (the auto-assign journey of the same run invites one at @acme-auto.test).
    const punePeople = members
      .getByRole('row')
      .filter({ hasText: '@acme' })
      .filter({ hasText: 'Acme Pune' })
      .filter({ hasText: 'Human Resources' });
    await expect(punePeople).toHaveCount(matched);

    // Again, with the same filters: nothing changes.
    await page.getByRole('button', { name: 'Assign course' }).first().click();
    const again = page.getByRole('dialog');
    // Picked at once, while the drawer is still counting everyone: the pick is kept and gets Pune's departments.
    await choose(page, again, 'Business unit', 'Acme Pune');
    // The count is Pune's before the department is picked (as a user sees it settle).
    await expect(again.getByRole('status', { name: 'Matching users' })).toHaveAttribute('aria-busy', 'false');
    await choose(page, again, 'Department', 'Human Resources');
    await expect(again.getByRole('status', { name: 'Matching users' })).toHaveAttribute('aria-busy', 'false');
    await expect(again.getByRole('status', { name: 'Matching users' })).toContainText(`already assigned`);
    await expect(again.getByRole('status', { name: 'Matching users' })).toContainText(`${matched} already assigned`);
    await again.getByRole('button', { name: 'Confirm' }).click();
    await expect(
      page.getByText(`Course assigned: 0 newly assigned, ${matched} already had the course.`).first(),
    ).toBeVisible();
    await expect(membersTab).toBeVisible();
    await expect(punePeople).toHaveCount(matched);
  });

  test('a business-unit admin assigns within their own unit, using the keyboard', async ({ page }) => {
    await signIn(page, 'acme', 'buadmin@acme.test');
    await page.goto(url('acme', '/courses'));
    await page.getByRole('link', { name: 'Preventing Sexual Harassment at Work', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Assign course' }).focus();
    await page.keyboard.press('Enter');

    const drawer = page.getByRole('dialog');
    const count = drawer.getByRole('status', { name: 'Matching users' });
    // Their own unit only, so nothing to choose: its name as text, no picker (and no "All Business Units").
    await expect(drawer.getByText('Acme Pune', { exact: true })).toBeVisible();
    await expect(drawer.getByRole('combobox', { name: 'Business unit' })).toHaveCount(0);

    // Department by keyboard: type to find it, Enter to choose.
    await drawer.getByLabel('Department', { exact: true }).focus();
    await page.keyboard.type('Human');
    await page.keyboard.press('Enter');
    await drawer.getByLabel('Search by name').fill('Aarav');
    await expect(count).toHaveAttribute('aria-busy', 'false');
    await expect(count).toContainText(/^1 user matches, [01] already assigned/);
    await expect(drawer.getByText('aarav.sharma0@acme.test · Acme Pune · Human Resources')).toBeVisible();

    await drawer.getByRole('button', { name: 'Confirm' }).focus();
    await page.keyboard.press('Enter');
    await expect(
      page.getByText(/Course assigned: [01] newly assigned, [01] already had the course\./).first(),
    ).toBeVisible();
    const rows = page.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: '@acme.test' });
    await expect(rows.filter({ hasText: 'Aarav Sharma' })).toHaveCount(1);
    // Members are shown for their unit only.
    await expect(rows.filter({ hasText: 'Acme Headquarters' })).toHaveCount(0);
  });

  test('an employee has no Courses entry, and the course page refuses them', async ({ page }) => {
    await signIn(page, 'acme', 'employee@acme.test');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Courses')).toHaveCount(0);
    await page.goto(url('acme', '/courses'));
    // One page that says so, with the way home, and none of the admin's buttons.
    await expect(page.getByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeVisible();
    await expect(page.getByRole('button', { name: /New course/ })).toHaveCount(0);
    const answer = await page.evaluate(async () => {
      const token = document.cookie
        .split('; ')
        .find((c) => c.startsWith('sp_token='))
        ?.slice('sp_token='.length);
      return (
        await fetch('/learning-api/api/course/all', {
          headers: token ? { authorization: `Bearer ${decodeURIComponent(token)}` } : {},
        })
      ).status;
    });
    expect(answer).toBe(403);
  });
});
