import { expect, test, type Page } from './support/test';
import { expectAccessible, expectNoSidewaysScroll } from './support/accessibility';
import { signIn, url } from './support/app';

/** A call of the API from inside the page with the page's own session (the browser resolves *.localhost). */
async function api<T>(
  page: Page,
  site: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const token = (await page.context().cookies(url(site))).find((c) => c.name === 'sp_token')!.value;
  return page.evaluate(
    async ([t, m, p, b]) => {
      const res = await fetch(p, {
        method: m,
        headers: { authorization: `Bearer ${t}`, ...(b === undefined ? {} : { 'content-type': 'application/json' }) },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, json: await res.json() };
    },
    [token, method, path, body] as const,
  );
}

const PHONE = { width: 390, height: 844 };
const L = '/learning-api/api';
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'),
  Buffer.alloc(3000, 0x20),
  Buffer.from('%%EOF\n'),
]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

test('an employee hands in a signed form on a phone, finds it handed in on return, and the admin opens it from Members', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const title = `Signed declaration ${Date.now()}`;

  // The admin makes a course asking for a file (through the API: the builder is another journey's) and assigns it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'acme', 'admin@acme.test');
  const created = await api<{ courseId: string }>(admin, 'acme', 'POST', `${L}/course/create`, {
    title,
    description: 'Hand in the signed form',
    language: 'ENGLISH',
  });
  expect(created.status).toBe(200);
  const { courseId } = created.json;
  const lesson = await api<{ lessonId: string }>(admin, 'acme', 'POST', `${L}/lesson/create/${courseId}`, {
    title: 'The form',
  });
  expect(lesson.status).toBe(200);
  const block = await api(admin, 'acme', 'POST', `${L}/lesson-content/create`, {
    lessonId: lesson.json.lessonId,
    block: {
      type: 'ASK_TO_UPLOAD_RESOURCE',
      alignment: 'LEFT',
      required: true,
      accept: ['PDF', 'IMAGE'],
      texts: { ENGLISH: { prompt: 'Upload your signed declaration' } },
    },
  });
  expect(block.status).toBe(200);
  const published = await api(admin, 'acme', 'POST', `${L}/course/publish/${courseId}`, {});
  expect(published.status, JSON.stringify(published.json)).toBe(200);
  const assigned = await api(admin, 'acme', 'POST', `${L}/course/assign-course-to-users`, {
    courseId,
    search: 'employee@acme.test',
  });
  expect(assigned.status).toBe(200);

  // The employee, on a phone, opens the course: the block says what it takes before a file is chosen.
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signIn(page, 'acme', 'employee@acme.test');
  await page.goto(url('acme', `/training/${courseId}`));
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.locator('.lb-prompt', { hasText: 'Upload your signed declaration' })).toBeVisible();
  await expect(page.getByText('PDF, at most 50 MB; PNG, JPEG, GIF or WebP images, at most 10 MB.')).toBeVisible();
  await expect(page.locator('h1')).toHaveCount(1);
  await expectNoSidewaysScroll(page, 'Player, ask-for-a-file block (390 px)');
  await expectAccessible(page, 'Player, ask-for-a-file block (390 px)');

  // An SVG named as an image is refused by its bytes.
  const input = page.getByLabel('Your file');
  await input.setInputFiles({ name: 'declaration.png', mimeType: 'image/png', buffer: SVG });
  await expect(page.getByRole('alert')).toContainText('SVG and HTML files are not accepted');

  // The signed PDF is uploaded and handed in.
  await input.setInputFiles({ name: 'declaration.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByRole('status').filter({ hasText: 'declaration.pdf handed in' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'declaration.pdf' })).toBeVisible();
  await expectAccessible(page, 'Player, file handed in (390 px)');

  // Coming back, the block says what was handed in, and the lesson can be marked done.
  await page.reload();
  await expect(page.getByText('Handed in:')).toBeVisible();
  const link = page.getByRole('link', { name: 'declaration.pdf' });
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href'))!;
  const opened = await page.evaluate(async (h) => {
    const res = await fetch(h);
    return { status: res.status, head: new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5)) };
  }, href);
  expect(opened).toEqual({ status: 200, head: '%PDF-' });
  await expectNoSidewaysScroll(page, 'Player, resumed with the file handed in (390 px)');
  await page.getByRole('button', { name: 'Mark lesson done' }).click();
  await expect(page.getByRole('heading', { name: 'Course completed' })).toBeVisible();
  await context.close();

  // The admin sees the file in the course's Members tab and can open it.
  await admin.goto(url('acme', `/courses/${courseId}`));
  await admin.getByRole('tab', { name: /Members/ }).click();
  const row = admin.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: 'employee@acme.test' });
  await expect(row).toContainText('Handed in:');
  await expect(row.getByRole('link', { name: /declaration\.pdf, handed in by/ })).toBeVisible();
  await expectAccessible(admin, 'Members with a handed-in file');

  // Other journeys of the same run read this employee's My training: the course leaves it (the history is kept).
  const employeeId = (
    await api<{ items: { userId: string; email: string }[] }>(admin, 'acme', 'GET', `${L}/course/${courseId}/members`)
  ).json.items.find((m) => m.email === 'employee@acme.test')!.userId;
  expect((await api(admin, 'acme', 'POST', `${L}/course/unassign`, { courseId, userIds: [employeeId] })).status).toBe(
    200,
  );
  await adminContext.close();
});
