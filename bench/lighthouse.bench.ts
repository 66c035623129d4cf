// Lighthouse on the three pages a learner meets first (`npm run bench lighthouse`): the sign-in page, the employee's
// home and a course in the player, in Lighthouse's mobile emulation (a mid-range phone on a slow 4G link, simulated
// throttling), with Debian's Chromium. Performance and accessibility are printed beside their targets (90 and 100).
// Needs the built app (`npm run build`): the real server is started on a fresh embedded database with the demo seed.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { DEMO_PASSWORD } from '../server/seed/demo.seed';
import { sleep } from './server-process';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 8391);
const DEBUG_PORT = Number(process.env.BENCH_LIGHTHOUSE_DEBUG_PORT ?? 9391);
const TARGETS = { performance: 90, accessibility: 100 };
/** Where each page's whole Lighthouse report (JSON: its diagnostics, the request chain, the main thread's work) is kept, if set. */
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;

async function startServer(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/config.json`)).ok) return child;
    } catch {
      // not up yet
    }
    await sleep(500);
  }
  child.kill();
  throw new Error('The server did not start');
}

export async function benchLighthouse(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-lighthouse-'));
  const profile = await mkdtemp(path.join(os.tmpdir(), 'bench-lighthouse-profile-'));
  const server = await startServer(dataDir);
  // One browser, its default profile signed in as the demo employee: Lighthouse opens its pages in that profile.
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', `--remote-debugging-port=${DEBUG_PORT}`],
  });
  try {
    const site = `http://acme.localhost:${PORT}`;
    const page = browser.pages()[0] ?? (await browser.newPage());
    const signIn = async (email: string) => {
      await page.goto(`${site}/signin`);
      await page.getByLabel('Email or username').fill(email);
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/dashboard$/);
    };
    // The admin assigns the demo course to the employee, so the player has a course to open.
    await signIn('admin@acme.test');
    const courseId = await page.evaluate(async () => {
      const token = document.cookie.match(/sp_token=([^;]+)/)?.[1];
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const all = await (await fetch('/learning-api/api/course/all', { headers })).json();
      const course = (all.items as { courseId: string; status: string }[]).find((c) => c.status === 'PUBLISHED');
      if (!course) return null;
      await fetch('/learning-api/api/course/assign-course-to-users', {
        method: 'POST',
        headers,
        body: JSON.stringify({ courseId: course.courseId, search: 'employee@acme.test' }),
      });
      return course.courseId;
    });
    // Off the app first: a signed-in page whose cookie goes would go to /signin by itself, racing the next navigation.
    await page.goto('about:blank');
    await browser.clearCookies();
    // The sign-in page first, signed out; then the employee's pages.
    // The reference, measured in the same run under the same load: the main host's home page, static HTML with its
    // stylesheet inline and no script (docs/public-site.md). What it loses to the machine's load, every page loses.
    const pages: [string, string][] = [
      ['reference: static `/`', `http://localhost:${PORT}/`],
      ['/signin', `${site}/signin`],
    ];
    await signIn('employee@acme.test');
    pages.push(['employee home (/dashboard)', `${site}/dashboard`]);
    if (courseId) pages.push(['/training/{id}', `${site}/training/${courseId}`]);
    else console.log('No published course to assign: /training/{id} not measured.');

    console.log('\nLighthouse, mobile emulation (Moto G power, slow 4G, 4x CPU; simulated), Debian Chromium');
    console.log('page                          performance (target 90)   accessibility (target 100)');
    for (const [name, address] of pages) {
      // The sign-in page is measured signed out: a signed-in visit is sent on to the dashboard.
      const signedOut = name === '/signin' || name.startsWith('reference');
      const result = await lighthouse(address, {
        port: DEBUG_PORT,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: !signedOut,
      });
      if (REPORTS && result) {
        await mkdir(REPORTS, { recursive: true });
        const file = name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
        await writeFile(path.join(REPORTS, `${file}.json`), JSON.stringify(result.lhr));
      }
      const categories = result?.lhr.categories ?? {};
      const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
      const performance = score('performance');
      const accessibility = score('accessibility');
      const mark = (value: number, target: number) => `${value} ${value >= target ? 'ok' : `below ${target}`}`;
      console.log(
        `${name.padEnd(30)}${mark(performance, TARGETS.performance).padEnd(26)}${mark(accessibility, TARGETS.accessibility)}`,
      );
      const audits = result?.lhr.audits ?? {};
      const failing = (result?.lhr.categories.accessibility?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
        .map((ref) => ref.id);
      if (failing.length) console.log(`    accessibility audits failing: ${failing.join(', ')}`);
      const tbt = audits['total-blocking-time']?.displayValue;
      const lcp = audits['largest-contentful-paint']?.displayValue;
      console.log(`    LCP ${lcp ?? '?'}, total blocking time ${tbt ?? '?'}`);
      if (name === '/signin') {
        // Lighthouse cleared the storage for the signed-out run: sign in again for the pages that follow.
        await signIn('employee@acme.test');
      }
    }
  } finally {
    await browser.close();
    server.kill();
    await rm(dataDir, { recursive: true, force: true });
    await rm(profile, { recursive: true, force: true });
  }
}

if (process.argv[1] === import.meta.filename) await benchLighthouse();
