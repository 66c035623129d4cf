import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../../scripts/build-site';
import { SITE_PATHS } from '../../../src/ui/site/render-site';
import { DATABASES, startTestServer, testPasswords, type TestServer } from '../support/test-app';
import { buildApp } from '../../../server/app';

/** A web root as `npm run build` leaves it: the app's pages and the public site rendered beside them. */
async function builtWebRoot(): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'safeplace-site-'));
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>SafePlace</title><div id="root"></div>');
  await writeFile(
    path.join(root, 'signin.html'),
    '<!doctype html><title>Sign in · SafePlace</title><div id="root"></div>',
  );
  await buildSite(root);
  return root;
}

const MAIN = 'localhost';
const ACME = 'acme.localhost';

describe.each(DATABASES)('the public site on %s', (kind) => {
  let server: TestServer;
  let site: TestServer['app'];
  beforeAll(async () => {
    server = await startTestServer(kind);
    // The same database behind a server that has the built web root (startTestServer's has none).
    site = await buildApp({
      db: server.db,
      passwords: testPasswords,
      settings: { mainHost: MAIN, maxUploadBytes: 1024 * 1024, publicUrl: 'https://localhost:8443' },
      webRoot: await builtWebRoot(),
    });
  });
  afterAll(async () => {
    await site?.close();
    await server?.close();
  });
  const get = (host: string, url: string) => site.inject({ method: 'GET', url, headers: { host } });

  it('answers every public route with 200 and a page of its own: title, description, canonical, Open Graph, one h1', async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    expect(SITE_PATHS.length).toBeGreaterThanOrEqual(27);
    for (const url of SITE_PATHS) {
      const res = await get(MAIN, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      const html = res.body;
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
      const description = /<meta name="description" content="([^"]+)"/.exec(html)?.[1];
      expect(title, url).toBeTruthy();
      expect(description, url).toBeTruthy();
      expect(description!.length, url).toBeLessThanOrEqual(240);
      titles.add(title!);
      descriptions.add(description!);
      expect(html, url).toContain(`<meta property="og:title" content="`);
      expect(html, url).toContain(`<meta property="og:url" content="https://localhost:8443${url}"`);
      if (!html.includes('name="robots" content="noindex"'))
        expect(html, url).toContain(`<link rel="canonical" href="https://localhost:8443${url}"`);
      expect(html.match(/<h1[ >]/g)?.length, url).toBe(1);
      // Readable without JavaScript: the content is in the HTML, no app bundle is loaded, and no placeholder is left.
      expect(html, url).not.toContain('__SITE_ORIGIN__');
      expect(html, url).not.toMatch(/<script[^>]+src="\/assets\//);
    }
    expect(titles.size).toBe(SITE_PATHS.length);
    expect(descriptions.size).toBe(SITE_PATHS.length);
  });

  it('covers the spec’s routes, with the law’s facts on the India and Canada pages', async () => {
    for (const url of [
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
      '/confirm',
      '/posh_medical',
      '/identify',
    ]) {
      expect(SITE_PATHS, url).toContain(url);
    }
    expect(SITE_PATHS.filter((p) => p.startsWith('/event/'))).toHaveLength(2);
    expect(SITE_PATHS.filter((p) => p.startsWith('/india/')).length).toBeGreaterThanOrEqual(4);
    expect(SITE_PATHS.filter((p) => p.startsWith('/canada/')).length).toBeGreaterThanOrEqual(4);
    const india = (await get(MAIN, '/india')).body;
    for (const fact of ['90 days', '₹50,000', 'District Officer', '10 or more employees'])
      expect(india).toContain(fact);
    const canada = (await get(MAIN, '/canada')).body;
    for (const fact of ['1 March', 'within 1 year', '7 days', 'every 3 years']) expect(canada).toContain(fact);
  });

  it('answers an unknown address on the main host with the designed 404 page and status 404', async () => {
    for (const url of ['/nothing-here', '/india/no-such-topic', '/404', '/Our-Solution', '/event']) {
      const res = await get(MAIN, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<h1>Page not found</h1>');
      expect(res.body, url).toContain('name="robots" content="noindex"');
    }
  });

  it('keeps the app’s own pages: the finder and console on the main host, every path on a workspace', async () => {
    for (const [host, url, title] of [
      [MAIN, '/workspace/signin', 'SafePlace'],
      [MAIN, '/platform/workspaces', 'SafePlace'],
      [MAIN, '/signin', 'Sign in · SafePlace'],
      [ACME, '/signin-password', 'Sign in · SafePlace'],
      [ACME, '/signin-mobile', 'Sign in · SafePlace'],
      [ACME, '/email-verify/abcDEF123', 'Sign in · SafePlace'],
      [ACME, '/', 'SafePlace'],
      [ACME, '/report', 'SafePlace'],
      [ACME, '/india', 'SafePlace'],
      [ACME, '/no-such-page', 'SafePlace'],
    ] as const) {
      const res = await get(host, url);
      expect(res.statusCode, `${host}${url}`).toBe(200);
      expect(res.body, `${host}${url}`).toContain(`<title>${title}</title>`);
    }
    // On a workspace, finding the workspace is its own sign-in page.
    const identify = await get(ACME, '/identify');
    expect(identify.statusCode).toBe(302);
    expect(identify.headers.location).toBe('/signin');
  });

  it('publishes the sitemap and robots.txt on the main host, and keeps workspaces out of search engines', async () => {
    const sitemap = await get(MAIN, '/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain('<loc>https://localhost:8443/india/internal-committee</loc>');
    expect(sitemap.body).not.toContain('/confirm<');
    const robots = await get(MAIN, '/robots.txt');
    expect(robots.body).toContain('Sitemap: https://localhost:8443/sitemap.xml');
    const workspaceRobots = await get(ACME, '/robots.txt');
    expect(workspaceRobots.statusCode).toBe(200);
    expect(workspaceRobots.body).toContain('Disallow: /');
    expect((await get(ACME, '/sitemap.xml')).statusCode).toBe(404);
  });

  it('forwards /verify/{code} from the main host to the workspace that issued the certificate, and 404s a code nobody issued', async () => {
    const [row] = await server.db.system((tx) =>
      tx.query<{ ws: string; user_id: string; course_id: string }>(
        `SELECT w.id AS ws, (SELECT id FROM users u WHERE u.workspace_id = w.id LIMIT 1) AS user_id, (SELECT id FROM courses c WHERE c.workspace_id = w.id LIMIT 1) AS course_id
           FROM workspaces w WHERE w.workspace_url = 'acme.localhost'`,
      ),
    );
    await server.db.system(async (tx) => {
      const [completion] = await tx.query<{ id: string }>(
        `INSERT INTO course_completions (workspace_id, user_id, course_id, completed_at, completed_on, course_title, language, source)
         VALUES ($1, $2, $3, now(), current_date, 'Course', 'ENGLISH', 'ADMIN') RETURNING id`,
        [row.ws, row.user_id, row.course_id],
      );
      await tx.query(
        `INSERT INTO certificates (workspace_id, code, completion_id, user_id, course_id, name, course_title, language, organisation, completed_on, issued_on)
         VALUES ($1, 'PUBL-ICSI-TE01', $2, $3, $4, 'A Learner', 'Course', 'ENGLISH', 'Acme', current_date, current_date)`,
        [row.ws, completion.id, row.user_id, row.course_id],
      );
    });
    const found = await get(MAIN, '/verify/PUBL-ICSI-TE01');
    expect(found.statusCode).toBe(302);
    expect(found.headers.location).toBe('https://acme.localhost:8443/verify/PUBL-ICSI-TE01');
    const unknown = await get(MAIN, '/verify/NOTA-REAL-CODE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Page not found');
  });

  it('answers HEAD on a page like GET without a body, and HEAD on an unknown address with the 404', async () => {
    const page = await site.inject({ method: 'HEAD', url: '/india', headers: { host: MAIN } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toBe('');
    const unknown = await site.inject({ method: 'HEAD', url: '/no-such-page', headers: { host: MAIN } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('text/html');
    const app = await site.inject({ method: 'HEAD', url: '/signin', headers: { host: ACME } });
    expect(app.statusCode).toBe(200);
  });

  describe('the contact form without JavaScript', () => {
    const post = (form: Record<string, string>, host = MAIN, ip = '203.0.113.40') =>
      site.inject({
        method: 'POST',
        url: '/contact-us',
        headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: ip,
        payload: new URLSearchParams(form).toString(),
      });
    const filled = {
      name: 'Meera Iyer',
      workEmail: 'meera@iyer-looms.in',
      organisation: 'Iyer Looms',
      country: 'IN',
      size: '50-249',
      message: '',
      website: '',
      source: 'contact-us',
    };

    it('takes the request and sends the browser to the page that says to check the mail', async () => {
      const res = await post(filled);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/contact-us/sent');
      const rows = await server.db.system((tx) =>
        tx.query<{ organisation: string }>(`SELECT organisation FROM leads WHERE work_email = 'meera@iyer-looms.in'`),
      );
      expect(rows).toEqual([{ organisation: 'Iyer Looms' }]);
      const sent = await get(MAIN, '/contact-us/sent');
      expect(sent.statusCode).toBe(200);
      expect(sent.body).toContain('Check your email');
    });

    it('gives the page back with the answers kept and each field’s error under it, storing nothing', async () => {
      const res = await post({ ...filled, workEmail: 'not-an-address', organisation: '', message: 'Hi <b>"you"</b>' });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain(
        '<span class="error" id="f-workEmail-error">Enter an email address like name@company.com</span>',
      );
      expect(res.body).toContain('<span class="error" id="f-organisation-error">Enter your organisation</span>');
      expect(res.body).toMatch(/<input[^>]*name="name"[^>]* value="Meera Iyer"/);
      expect(res.body).toContain('<option value="IN" selected="">');
      expect(res.body).toContain('Hi &#60;b&#62;&#34;you&#34;&#60;/b&#62;</textarea>');
      expect(res.body).not.toContain('<b>"you"</b>');
      expect(res.body).toContain('Please correct the fields marked below.');
      const rows = await server.db.system((tx) => tx.query(`SELECT 1 FROM leads WHERE work_email = 'not-an-address'`));
      expect(rows).toHaveLength(0);
    });

    it('refuses a filled honeypot, keeps to the address limit, and takes nothing on a workspace', async () => {
      const bot = await post({ ...filled, workEmail: 'bot@spam-form.example', website: 'http://spam.example' });
      expect(bot.statusCode).toBe(400);
      expect(bot.body).toContain('This request could not be accepted');
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push(
          (await post({ ...filled, workEmail: `person${i}@flood-form.example` }, MAIN, '203.0.113.77')).statusCode,
        );
      }
      expect(statuses.slice(0, 5)).toEqual([303, 303, 303, 303, 303]);
      expect(statuses[5]).toBe(429);
      const workspace = await post({ ...filled, workEmail: 'ws@acme-form.example' }, ACME);
      expect(workspace.statusCode).toBe(404);
      const json = await site.inject({
        method: 'POST',
        url: '/main-api/api/leads',
        headers: { host: MAIN, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(filled).toString(),
      });
      expect(json.statusCode).toBe(415);
    });
  });
});
