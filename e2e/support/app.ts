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
  // On the main site the platform admin lands in the platform console, anyone else on the workspace finder.
  await expect(page).toHaveURL(site === 'main' ? /\/(workspace\/signin|platform\/workspaces)$/ : /\/dashboard$/);
  // The landing screen drawn (its h1), so the shell has laid itself out before the journey clicks its menu: under
  // load a click on the menu while the shell still moved waited for a stable element past its limit.
  // (Or a first sign-in's welcome dialog, which hides the screen behind it from the accessibility tree.)
  await expect(page.getByRole('heading', { level: 1 }).or(page.getByRole('dialog')).first()).toBeVisible({ timeout: 60_000 });
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

/** The newest 6-digit code mailed or texted to `email` (or a phone number), read from the development outbox page. */
export async function latestCode(page: Page, email: string): Promise<string> {
  const outbox = await page.context().newPage();
  try {
    await outbox.goto(url('main', `/dev/outbox?format=json&to=${encodeURIComponent(email)}`));
    const messages = JSON.parse((await outbox.locator('body').textContent()) ?? '[]') as { subject: string | null; body: string }[];
    const code = /(\d{6})/.exec(messages[0]?.body ?? '')?.[1];
    if (!code) throw new Error(`no code in the outbox for ${email}`);
    return code;
  } finally {
    await outbox.close();
  }
}

/**
 * A call to the APIs of the workspace the page is on (Acme's before the page has opened one) from inside the page with
 * the page's own session (a journey's set-up through the API, not what it tests); fails the journey unless the answer
 * has the status expected. Without a session the call goes anonymously.
 */
export async function api<T>(page: Page, method: string, path: string, body?: unknown, expected = 200): Promise<T> {
  const origin = /^https?:/.test(page.url()) ? new URL(page.url()).origin : url('acme');
  const token = (await page.context().cookies(origin)).find((c) => c.name === 'sp_token')?.value;
  const { status, json } = await page.evaluate(
    async ([t, m, p, b]) => {
      const res = await fetch(p, {
        method: m,
        headers: { ...(t ? { authorization: `Bearer ${t}` } : {}), ...(b === undefined ? {} : { 'content-type': 'application/json' }) },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, json: await res.json() };
    },
    [token, method, path, body] as const,
  );
  expect(status, `${method} ${path}: ${JSON.stringify(json)}`).toBe(expected);
  return json as T;
}

/**
 * Picks an option from the one open Ant Design select dropdown, as a user does: once the dropdown has finished
 * opening (a click while it still slides in can land beside the option on a busy machine, leaving it open over the
 * form), then waits for it to close, so the next click reaches the form rather than the list.
 */
export async function pickOption(page: Page, option: string | RegExp): Promise<void> {
  const settled = page.locator(
    '.ant-select-dropdown:visible:not(.ant-slide-up-appear):not(.ant-slide-up-enter):not(.ant-slide-down-appear):not(.ant-slide-down-enter)',
  );
  await expect(settled).toHaveCount(1);
  await settled.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}
