import { expect as baseExpect, test, type Page } from './support/test';
import { signIn, url } from './support/app';
import { expectAccessible, expectNoSidewaysScroll, expectOneH1 } from './support/accessibility';

/** A loaded machine answers slowly: wait longer for what the user sees. */
const expect = baseExpect.configure({ timeout: 30_000 });

/** A call of the learning API from inside the page, with the page's own session. */
async function learningApi(
  page: Page,
  method: string,
  path: string,
  body?: object,
): Promise<{ status: number; json: Record<string, unknown> }> {
  return page.evaluate(
    async ([m, p, b]) => {
      const token = decodeURIComponent(/(?:^|; )sp_token=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const res = await fetch(`/learning-api${p}`, {
        method: m,
        headers: { authorization: `Bearer ${token}`, ...(b ? { 'content-type': 'application/json' } : {}) },
        body: b ? b : undefined,
      });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    },
    [method, path, body ? JSON.stringify(body) : ''] as const,
  );
}

test.describe('catalogue courses and credits', () => {
  test.use({ actionTimeout: 30_000 });

  test('the platform admin builds and offers a catalogue course; Globex asks for credits, the platform grants them, Globex assigns and its balance falls', async ({
    browser,
  }) => {
    test.setTimeout(600_000);
    const title = `Respect at work ${Date.now().toString(36)}`;
    const open = async (viewport?: { width: number; height: number }) =>
      (await browser.newContext(viewport ? { viewport } : {})).newPage();

    // The platform admin creates the course on the catalogue screen; it opens in the workspaces' course builder.
    const platform = await open();
    await signIn(platform, 'main', 'platform@demo.test');
    await platform.goto(url('main', '/platform/courses'));
    await expect(platform.getByRole('heading', { level: 1, name: 'Catalogue courses' })).toBeVisible();
    await expectAccessible(platform, 'Catalogue courses');
    await platform.getByRole('button', { name: 'New course' }).click();
    const create = platform.getByRole('dialog', { name: 'New catalogue course' });
    await create.getByLabel('Title').fill(title);
    await expectAccessible(platform, 'New catalogue course drawer');
    await create.getByRole('button', { name: 'Create and build' }).click();
    await expect(platform).toHaveURL(/\/platform\/courses\/[0-9a-f-]+\/build$/);
    await expect(platform.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(platform.getByRole('main').getByRole('link', { name: 'Catalogue courses' })).toBeVisible();
    await expectAccessible(platform, 'Catalogue course builder');
    const courseId = /\/platform\/courses\/([0-9a-f-]+)\/build$/.exec(platform.url())![1];

    // Its content through the builder's own calls (the builder's screens are the course-authoring journey's), then published.
    const lesson = await learningApi(platform, 'POST', `/api/lesson/create/${courseId}`, {
      title: 'What respect means',
    });
    expect(lesson.status).toBe(200);
    const block = await learningApi(platform, 'POST', '/api/lesson-content/create', {
      lessonId: lesson.json.lessonId,
      block: {
        type: 'TEXT_AREA',
        alignment: 'LEFT',
        texts: { ENGLISH: { body: 'Everyone at work deserves respect.' } },
      },
    });
    expect(block.status).toBe(200);
    expect((await learningApi(platform, 'POST', `/api/course/publish/${courseId}`)).status).toBe(200);

    // Offered to Globex on the catalogue screen.
    await platform.goto(url('main', '/platform/courses'));
    await platform.getByRole('button', { name: `Workspaces of ${title}` }).click();
    const offer = platform.getByRole('dialog', { name: `Workspaces of "${title}"` });
    await expect(offer.getByText('No workspace has this course yet.')).toBeVisible();
    await offer.getByLabel('Offer to workspace').click();
    await offer.getByLabel('Offer to workspace').fill('Globex');
    await platform
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^Globex/ })
      .first()
      .click();
    await expect(offer.getByRole('button', { name: 'Offer course' })).toBeEnabled();
    await offer.getByRole('button', { name: 'Offer course' }).click();
    await expect(offer.getByText(`Globex now has "${title}" (version 1).`)).toBeVisible();
    await expect(offer.getByRole('cell', { name: 'Globex', exact: true })).toBeVisible();
    await expectAccessible(platform, 'Catalogue course workspaces drawer');

    // Globex sees it among its courses, read-only, and cannot assign it without credits.
    const globex = await open();
    await signIn(globex, 'globex', 'admin@globex.test');
    await globex.goto(url('globex', '/courses'));
    const row = globex.getByRole('row', { name: new RegExp(title) });
    await expect(row.getByText('SafePlace catalogue')).toBeVisible();
    await globex.goto(url('globex', `/courses/${courseId}`));
    await expect(globex.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(globex.getByRole('link', { name: 'Edit course' })).toHaveCount(0);
    await globex.getByRole('tab', { name: 'Credits' }).click();
    await expect(globex.getByText('No credits yet.')).toBeVisible();
    await expectAccessible(globex, 'Catalogue course credits');
    await globex.getByRole('button', { name: 'Assign course' }).first().click();
    const drawer = globex.getByRole('dialog', { name: `Assign "${title}"` });
    await expect(
      drawer.getByText('No credits left: ask for credits (the Credits tab) before assigning this course.'),
    ).toBeVisible();
    await drawer.getByLabel('Search by name').fill('employee@globex.test');
    await expect(drawer.getByText(/1 user matches|1 person matches|1 match/)).toBeVisible();
    await drawer.getByRole('button', { name: 'Confirm' }).click();
    await expect(drawer.getByRole('alert').filter({ hasText: 'This course has no credits left' })).toBeVisible();
    await drawer.getByRole('button', { name: 'Cancel' }).click();
    await expect(drawer).toBeHidden();

    // Globex asks for three credits.
    await globex.getByRole('spinbutton', { name: /Credits/ }).fill('3');
    await globex.getByLabel('Note for SafePlace').fill('For the new joiners');
    await globex.getByRole('button', { name: 'Ask for credits' }).click();
    const waiting = globex.getByRole('table').filter({ hasText: 'For the new joiners' });
    await expect(waiting.getByText('Waiting')).toBeVisible();

    // The platform admin grants them.
    await platform.goto(url('main', '/platform/credits'));
    await expect(platform.getByRole('heading', { level: 1, name: 'Course credits' })).toBeVisible();
    await platform.getByRole('button', { name: `Grant 3 credits to Globex for ${title}` }).click();
    await expect(platform.getByText('Granted 3 credits to Globex: its balance is 3.')).toBeVisible();
    await expectAccessible(platform, 'Course credit requests');
    await expectOneH1(platform, 'Course credit requests');

    // Globex sees the balance where it assigns, assigns one person, and the balance falls to two.
    await globex.reload();
    await expect(globex.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await globex.getByRole('tab', { name: 'Credits' }).click();
    await expect(globex.getByText('Granted', { exact: false }).first()).toBeVisible();
    await globex.getByRole('button', { name: 'Assign course' }).first().click();
    const again = globex.getByRole('dialog', { name: `Assign "${title}"` });
    await expect(again.getByText('3 credits left: each person newly assigned uses one.')).toBeVisible();
    await again.getByLabel('Search by name').fill('employee@globex.test');
    await expect(again.getByText(/1 user matches|1 person matches|1 match/)).toBeVisible();
    await expectAccessible(globex, 'Assign a catalogue course with credits');
    await again.getByRole('button', { name: 'Confirm' }).click();
    await expect(again).toBeHidden();
    await expect(
      globex.getByText('Course assigned: 1 newly assigned, 0 already had the course.').first(),
    ).toBeVisible();
    await globex.getByRole('tab', { name: 'Credits' }).click();
    const history = globex
      .getByRole('region', { name: 'History' })
      .or(globex.locator('section', { has: globex.getByRole('heading', { name: 'History' }) }));
    await expect(history.getByRole('cell', { name: 'Assigned', exact: true })).toBeVisible();
    await expect(globex.getByTestId('credits-left')).toHaveText('2');

    // The platform sees Globex's balance fall too.
    await platform.goto(url('main', '/platform/courses'));
    await platform.getByRole('button', { name: `Workspaces of ${title}` }).click();
    const offers = platform.getByRole('dialog', { name: `Workspaces of "${title}"` });
    await expect(offers.getByRole('row', { name: /Globex/ })).toContainText('2');

    // At 390 px the credits fit the screen.
    const narrow = await open({ width: 390, height: 844 });
    await signIn(narrow, 'globex', 'admin@globex.test');
    await narrow.goto(url('globex', `/courses/${courseId}`));
    await expect(narrow.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await narrow.getByRole('tab', { name: 'Credits' }).click();
    await expect(narrow.getByTestId('credits-left')).toContainText('2');
    await expectNoSidewaysScroll(narrow, 'Catalogue course credits at 390 px');
    await expectOneH1(narrow, 'Catalogue course credits');
    const narrowPlatform = await open({ width: 390, height: 844 });
    await signIn(narrowPlatform, 'main', 'platform@demo.test');
    await narrowPlatform.goto(url('main', '/platform/credits'));
    await expect(narrowPlatform.getByRole('heading', { level: 1, name: 'Course credits' })).toBeVisible();
    await expectNoSidewaysScroll(narrowPlatform, 'Course credit requests at 390 px');
  });
});
