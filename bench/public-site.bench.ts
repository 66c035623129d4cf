import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { buildSite } from '../scripts/build-site';
import { emptyReactApp } from './bundle.bench';

/** Everything `/` loads before its first paint: the HTML, and its stylesheets and scripts (deferred ones counted too). */
async function firstRenderBytes(siteDir: string): Promise<{ bytes: number; parts: [string, number][] }> {
  const html = await readFile(path.join(siteDir, 'pages/index.html'), 'utf8');
  const parts: [string, number][] = [['/ (HTML, its stylesheet inline)', gzipSync(html, { level: 9 }).length]];
  const linked = [
    ...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/site\/([^"]+)"/g),
    ...html.matchAll(/<script[^>]+src="\/site\/([^"]+)"/g),
  ].map((m) => m[1]);
  for (const file of linked)
    parts.push([`/site/${file}`, gzipSync(await readFile(path.join(siteDir, file)), { level: 9 }).length]);
  return { bytes: parts.reduce((sum, [, n]) => sum + n, 0), parts };
}

/** Serves two pages: `/` as the build wrote it, and `/plain` with the same text in bare HTML (the static reference). */
async function serve(home: string, plain: string): Promise<Server> {
  const server = createServer((req, res) => {
    res.writeHead(req.url === '/' || req.url === '/plain' ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(req.url === '/' ? home : req.url === '/plain' ? plain : '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** Largest Contentful Paint of a page in headless Chromium with the CPU slowed 4 times, median of `runs` fresh loads. */
async function lcp(address: string, runs: number): Promise<number> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const times: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(address, { waitUntil: 'load' });
      times.push(
        await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              new PerformanceObserver((list) => {
                const entries = list.getEntries();
                resolve(entries[entries.length - 1].startTime);
              }).observe({ type: 'largest-contentful-paint', buffered: true });
            }),
        ),
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}

/**
 * The public site's home page (docs/public-site.md "Speed"): bytes to first render (gzip) beside an empty React app's
 * initial JavaScript, target at most 0.5x; and its Largest Contentful Paint beside a bare HTML page of the same text,
 * target at most 1.5x; both references measured in the same run.
 */
export async function benchPublicSite(): Promise<void> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'safeplace-site-bench-'));
  try {
    await buildSite(tmp);
    const siteDir = path.join(tmp, 'site');
    const ours = await firstRenderBytes(siteDir);
    const reference = await emptyReactApp(tmp);
    const ratio = ours.bytes / reference.bytes;
    console.log('\nBytes to first render of / on the main host (gzip, level 9)');
    for (const [part, bytes] of ours.parts) console.log(`    ${(bytes / 1024).toFixed(1).padStart(6)} KiB  ${part}`);
    console.log(`  ours:      ${(ours.bytes / 1024).toFixed(1)} KiB`);
    console.log(
      `  reference: ${(reference.bytes / 1024).toFixed(1)} KiB (an empty React 19 app's initial JavaScript, same run)`,
    );
    console.log(`  ratio:     ${ratio.toFixed(2)}x  (target: at most 0.5x) ${ratio <= 0.5 ? 'MET' : 'NOT MET'}`);

    const home = (await readFile(path.join(siteDir, 'pages/index.html'), 'utf8')).replaceAll(
      '__SITE_ORIGIN__',
      'http://127.0.0.1',
    );
    const text = home
      .replace(/<head>[\s\S]*<\/head>/, '')
      .replace(/<[^>]+>/g, '\n')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const plain = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Plain</title></head><body>${text.map((line) => `<p>${line}</p>`).join('')}</body></html>`;
    const server = await serve(home, plain);
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const runs = 5;
      const oursLcp = await lcp(`${origin}/`, runs);
      const plainLcp = await lcp(`${origin}/plain`, runs);
      const lcpRatio = oursLcp / plainLcp;
      console.log('\nLargest Contentful Paint of / (headless Chromium, CPU slowed 4x, 390x844, median of 5)');
      console.log(`  ours:      ${oursLcp.toFixed(0)} ms`);
      console.log(`  reference: ${plainLcp.toFixed(0)} ms (bare HTML of the same text, same run)`);
      console.log(
        `  ratio:     ${lcpRatio.toFixed(2)}x  (target: at most 1.5x) ${lcpRatio <= 1.5 ? 'MET' : 'NOT MET'}`,
      );
    } finally {
      server.close();
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
