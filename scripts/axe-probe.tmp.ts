import { chromium } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
const [site, user, ...paths] = process.argv.slice(2);
const base = (s: string) => `http://${s === 'main' ? 'localhost' : s + '.localhost'}:8291`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
if (user) {
  await page.goto(base(site) + '/signin');
  await page.getByLabel('Email or username').fill(user);
  await page.getByLabel('Password').fill('Demo-passphrase-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/dashboard|platform/);
}
for (const p of paths) {
  for (const w of [390, 1366]) {
    await page.setViewportSize({ width: w, height: 844 });
    await page.goto(base(site) + p);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const sw = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth, document.querySelectorAll('h1').length]);
    console.log(`== ${p} @${w} scroll ${sw[0]}/${sw[1]} h1=${sw[2]}`);
    for (const v of r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'))
      console.log(`  ${v.impact} ${v.id} (${v.nodes.length}): ${v.nodes.slice(0, 4).map((n) => n.target.join(' ') + ' ' + (n.any[0]?.message ?? '')).join(' | ')}`);
  }
}
await browser.close();
