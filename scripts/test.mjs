// `npm test`: every test of the project, in order: types, architecture rules, ESLint, unit and server tests
// (PGlite and a real PostgreSQL), the web build, and the browser journeys in Chromium.
// The summary gives each step's time, and the unit, server and journey suites' times on one line.
// Ends with one line `tests: N passed, N failed` counted from the runners' own JSON reports.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { startTestPostgres } from './test-postgres.mjs';

const results = [];
let passed = 0;
let failed = 0;
let skipped = 0;
/** Journeys that failed once and passed on their retry (playwright.config.ts): counted as passed, named below. */
const flaky = [];
/** Unit and server tests that failed, with the first line of why: printed in the summary, which is what CI shows. */
const failedTests = [];

function flakyJourneys(suites, titles = []) {
  const found = [];
  for (const suite of suites) {
    const path = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      if (spec.tests?.some((t) => t.status === 'flaky')) found.push([...path, spec.title].join(' › '));
    }
    found.push(...flakyJourneys(suite.suites ?? [], path));
  }
  return found;
}

function step(name, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

if (process.getuid?.() === 0 || process.env.CI) {
  if (!step('system packages', 'bash', ['scripts/ensure-system.sh'])) process.exit(1);
}

let postgres = null;
let databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) {
  try {
    postgres = startTestPostgres();
    databaseUrl = postgres?.url;
  } catch (error) {
    console.error(`Could not start a test PostgreSQL: ${error.message}`);
    process.exit(1);
  }
}
if (!databaseUrl)
  console.warn(
    '\n! PostgreSQL is not installed: server tests run on PGlite only (scripts/ensure-system.sh installs it).',
  );

rmSync('reports', { recursive: true, force: true });
mkdirSync('reports', { recursive: true });

try {
  step('typecheck', 'tsc', ['--noEmit', '-p', 'tsconfig.json']);
  step('architecture', 'node', ['scripts/lint/architecture.mjs']);
  step('format', 'node', ['scripts/lint/format-check.mjs']);
  step('lint', 'node', ['scripts/lint/lint.mjs']);

  // PGlite's empty data folder, made once (as `npm run build` and `npm start` make it): the server tests' templates
  // and the journeys' server start from it instead of each running PGlite's initdb (about 600 MB at its peak).
  step('pglite template', 'tsx', ['--liftoff-only', 'scripts/pglite-template.ts']);

  // Unit and server tests run as two vitest projects (vitest.config.ts), so that the summary gives each its own time.
  for (const [project, name] of [
    ['unit', 'unit tests'],
    ['server', 'server tests'],
  ]) {
    const report = `reports/vitest-${project}.json`;
    step(
      name,
      'vitest',
      ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
      {
        ...(databaseUrl ? { TEST_DATABASE_URL: databaseUrl } : {}),
      },
    );
    const vitest = readJson(report);
    if (!vitest) {
      failed += 1;
      continue;
    }
    passed += vitest.numPassedTests;
    failed += vitest.numFailedTests;
    skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
    for (const file of vitest.testResults ?? []) {
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed')) {
        failedTests.push(
          `${file.name.replace(`${process.cwd()}/`, '')}\n      ${String(file.message ?? '')
            .split('\n')[0]
            .slice(0, 300)}`,
        );
      }
      for (const test of file.assertionResults ?? []) {
        if (test.status !== 'failed') continue;
        const why =
          String(test.failureMessages?.[0] ?? '')
            .split('\n')
            .find((line) => line.trim()) ?? '';
        failedTests.push(
          `${file.name.replace(`${process.cwd()}/`, '')} > ${test.fullName}\n      ${why.slice(0, 300)}`,
        );
      }
    }
  }

  // The same build as `npm start`'s: the app, the public site's static pages (scripts/build-site.tsx) and the server's
  // bundle (scripts/build-server.mjs), which the journeys' server runs.
  if (
    step('web build', 'vite', ['build', '--logLevel', 'warn']) &&
    step('site build', 'tsx', ['scripts/build-site.tsx', 'dist']) &&
    step('server build', 'node', ['scripts/build-server.mjs'])
  ) {
    step('browser journeys', 'playwright', ['test']);
    const e2e = readJson('reports/e2e.json');
    if (e2e?.stats) {
      flaky.push(...flakyJourneys(e2e.suites ?? []));
      passed += e2e.stats.expected + e2e.stats.flaky;
      failed += e2e.stats.unexpected;
      skipped += e2e.stats.skipped;
    } else {
      failed += 1;
    }
  }
} finally {
  postgres?.stop();
}

console.log('\nSummary');
for (const r of results) console.log(`  ${r.ok ? '✓' : '✗'} ${r.name} (${r.seconds}s)`);
const secondsOf = (name) => results.find((r) => r.name === name)?.seconds;
const suites = [
  ['unit', 'unit tests'],
  ['server', 'server tests'],
  ['journeys', 'browser journeys'],
].filter(([, step]) => secondsOf(step) !== undefined);
if (suites.length > 0)
  console.log(`\ntimes: ${suites.map(([label, step]) => `${label} ${secondsOf(step)}s`).join(', ')}`);
const stepFailures = results.filter((r) => !r.ok).length;
if (failedTests.length > 0) {
  console.log(`\n✗ ${failedTests.length} unit or server test(s) failed:`);
  for (const line of failedTests) console.log(`  - ${line}`);
}
if (flaky.length > 0) {
  console.log(`\n! ${flaky.length} journey(s) failed once and passed on the retry (flaky: fix them):`);
  for (const title of flaky) console.log(`  - ${title}`);
}
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || stepFailures > 0 || passed === 0 ? 1 : 0);
