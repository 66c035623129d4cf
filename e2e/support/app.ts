import { expect, type Page } from '@playwright/test';

export const PORT = Number(process.env.E2E_PORT ?? 8181);
export const PASSWORD = 'Demo-passphrase-2026';

/** `acme` -> http://acme.localhost:8181 ; `main` -> http://localhost:8181 (Chromium resolves *.localhost to loopback). */
export function url(site: 'main' | 'acme' | 'globex' | string, path = '/'): string {
  const host = site === 'main' ? 'localhost' : `${site}.localhost`;
  return `http://${host}:${PORT}${path}`;
}

/** Signs in through the real sign-in page and waits for the landing page. */
export async function signIn(page: Page, site: string, identifier: string, password = PASSWORD): Promise<void> {
  await page.goto(url(site, '/signin'));
  await page.getByLabel('Email or username').fill(identifier);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(site === 'main' ? /\/workspace\/signin$/ : /\/dashboard$/);
}

/**
 * Calls the API from inside the page (same origin as the page), so the browser resolves *.localhost;
 * Node, behind page.request, does not.
 */
export async function fetchStatus(page: Page, path: string, token?: string): Promise<number> {
  return page.evaluate(
    async ([p, t]) => (await fetch(p, { headers: t ? { authorization: `Bearer ${t}` } : {} })).status,
    [path, token ?? ''] as const,
  );
}
