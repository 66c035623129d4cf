import { expect, test } from './support/test';
import { url } from './support/app';

/** Each API's reference, opened as an integrator types its address: with and without the trailing slash. */
const REFERENCES = [
  {
    base: '/main-api',
    title: 'Main API',
    tag: 'auth',
    path: '/api/user/signin',
    summary: 'Sign in with email or username and password',
  },
  {
    base: '/learning-api',
    title: 'Learning API',
    tag: 'courses',
    path: '/api/course/assign-course-to-users',
    summary: 'Assign a published course',
  },
  {
    base: '/case-api',
    title: 'Case management API',
    tag: 'workflows',
    path: '/api/admin/workflow',
    summary: 'Workflows of the workspace',
  },
] as const;

for (const reference of REFERENCES) {
  for (const address of [`${reference.base}/docs`, `${reference.base}/docs/`]) {
    test(`the reference at ${address} lists the API's operations`, async ({ page }) => {
      const failed: string[] = [];
      page.on('response', (response) => {
        if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
      });
      await page.goto(url('acme', address));

      await expect(page.getByRole('heading', { name: reference.title })).toBeVisible();
      // The introduction: where to call, how to get a token.
      await expect(page.getByText('Authorization: Bearer <token>').first()).toBeVisible();
      // Operations are listed under their tags (closed until opened), each with its method, path and summary.
      const tag = page.locator(`.opblock-tag[data-tag="${reference.tag}"]`);
      await expect(tag).toBeVisible();
      await tag.click();
      const operation = page
        .locator('.opblock')
        .filter({ has: page.locator(`[data-path="${reference.path}"]`) })
        .first();
      await expect(operation).toBeVisible();
      await expect(operation).toContainText(reference.summary);
      expect(await page.locator('.opblock-tag').count()).toBeGreaterThan(3);
      expect(failed).toEqual([]);
    });
  }
}
