import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';
import react from '@vitejs/plugin-react';

const ROOT = process.cwd();

/** gzip bytes of every JS chunk reachable from `start` by static imports (what the browser loads up front). */
async function initialJs(
  outDir: string,
  manifest: Manifest,
  starts: string[],
): Promise<{ bytes: number; files: string[] }> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const start of starts) visit(start);
  let bytes = 0;
  for (const file of seen) {
    if (file.endsWith('.js')) bytes += gzipSync(await readFile(path.join(outDir, file)), { level: 9 }).length;
  }
  return { bytes, files: [...seen] };
}

/** Builds with the project's own vite.config.ts (configFile), or plain React settings for the reference. */
async function buildWithManifest(root: string, outDir: string, configFile: string | false = false) {
  await build({
    root,
    logLevel: 'silent',
    configFile,
    ...(configFile ? {} : { plugins: [react()] }),
    build: { outDir, manifest: true, emptyOutDir: true },
  });
  return JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/**
 * The reference of the page-weight benches: an empty React app (`createRoot(...).render(<div />)`), with this project's
 * React and plain Vite settings, built in `tmp`; its initial JavaScript, gzip level 9.
 */
export async function emptyReactApp(tmp: string): Promise<{ bytes: number; files: string[] }> {
  const empty = path.join(tmp, 'empty');
  await mkdir(path.join(empty, 'src'), { recursive: true });
  await writeFile(
    path.join(empty, 'index.html'),
    '<!doctype html><div id="root"></div><script type="module" src="/src/main.tsx"></script>',
  );
  await writeFile(
    path.join(empty, 'src/main.tsx'),
    `import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')!).render(<div />);\n`,
  );
  // Resolve react from this project's node_modules.
  await writeFile(path.join(empty, 'package.json'), '{"type":"module"}');
  await rm(path.join(empty, 'node_modules'), { force: true, recursive: true });
  const { symlink } = await import('node:fs/promises');
  await symlink(path.join(ROOT, 'node_modules'), path.join(empty, 'node_modules'));
  const emptyManifest = await buildWithManifest(empty, path.join(tmp, 'empty-out'));
  return initialJs(path.join(tmp, 'empty-out'), emptyManifest, ['index.html']);
}

/**
 * Initial JavaScript of /signin (gzip) beside an empty React app built in the same run (target: at most 2 times, in at
 * most 6 files), and the course player's beside the same app (target: at most 2 times, issue 30).
 */
export async function benchBundle(): Promise<void> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'safeplace-bundle-'));
  try {
    const ours = path.join(tmp, 'ours');
    const manifest = await buildWithManifest(ROOT, ours, path.join(ROOT, 'vite.config.ts'));
    // /signin is served by the light entry signin.html (server/app.ts): its entry chunk and static imports.
    if (!manifest['signin.html']) throw new Error('signin.html entry not found in the manifest');
    const signin = await initialJs(ours, manifest, ['signin.html']);

    const reference = await emptyReactApp(tmp);

    const ratio = signin.bytes / reference.bytes;
    const files = signin.files.filter((f) => f.endsWith('.js')).length;
    console.log('\nInitial JavaScript of /signin (gzip, level 9)');
    console.log(`  ours:      ${(signin.bytes / 1024).toFixed(1)} KiB in ${files} files`);
    console.log(
      `  reference: ${(reference.bytes / 1024).toFixed(1)} KiB in ${reference.files.filter((f) => f.endsWith('.js')).length} files (an empty React 19 app, same build)`,
    );
    console.log(`  ratio:     ${ratio.toFixed(2)}x  (target: at most 2x) ${ratio <= 2 ? 'MET' : 'NOT MET'}`);
    console.log(`  files:     ${files}  (target: at most 6) ${files <= 6 ? 'MET' : 'NOT MET'}`);
    const sizes = await Promise.all(
      signin.files
        .filter((f) => f.endsWith('.js'))
        .map(async (f) => [f, gzipSync(await readFile(path.join(ours, f)), { level: 9 }).length] as const),
    );
    for (const [file, bytes] of sizes.sort((a, b) => b[1] - a[1]))
      console.log(`    ${(bytes / 1024).toFixed(1).padStart(6)} KiB  ${file}`);
    // The course player (/training/:courseId) is served by its own light entry, player.html (server/app.ts maps the path
    // to it, for a link followed inside the app too: training.routes.tsx): its entry chunk and every static import, i.e.
    // everything the browser runs before the player shows (the player loads nothing lazily). Target: at most 2x the
    // empty React app (as a lazy route of the app, with the shell and antd, it was about 7.7x:
    // docs/decisions/0010-light-entries.md).
    const playerStarts = ['player.html'];
    for (const key of playerStarts) if (!manifest[key]) throw new Error(`${key} not found in the manifest`);
    const player = await initialJs(ours, manifest, playerStarts);
    const playerRatio = player.bytes / reference.bytes;
    const playerFiles = player.files.filter((f) => f.endsWith('.js'));
    console.log(
      "\nThe course player's JavaScript (gzip, level 9): its light entry player.html and every static import",
    );
    console.log(`  ours:      ${(player.bytes / 1024).toFixed(1)} KiB in ${playerFiles.length} files`);
    console.log(`  reference: ${(reference.bytes / 1024).toFixed(1)} KiB (the same empty React app)`);
    console.log(
      `  ratio:     ${playerRatio.toFixed(2)}x  (target: at most 2x) ${playerRatio <= 2 ? 'MET' : 'NOT MET'}`,
    );
    const playerSizes = await Promise.all(
      playerFiles.map(async (f) => [f, gzipSync(await readFile(path.join(ours, f)), { level: 9 }).length] as const),
    );
    for (const [file, bytes] of playerSizes.sort((a, b) => b[1] - a[1]))
      console.log(`    ${(bytes / 1024).toFixed(1).padStart(6)} KiB  ${file}`);

    // The dashboard's charts (recharts, docs/decisions/0016-recharts.md): what the dynamic import of the chart adds to
    // the app's start, gzip level 9. Only the home of those who see the dashboard pays it; no other page loads it.
    const CHART = 'src/ui/dashboard/progress-chart.tsx';
    if (!manifest[CHART]) throw new Error(`${CHART} not found in the manifest (is it still a dynamic import?)`);
    const appStart = await initialJs(ours, manifest, ['index.html']);
    const chart = await initialJs(ours, manifest, [CHART]);
    const chartOnly = chart.files.filter((f) => f.endsWith('.js') && !appStart.files.includes(f));
    let chartBytes = 0;
    for (const f of chartOnly) chartBytes += gzipSync(await readFile(path.join(ours, f)), { level: 9 }).length;
    const chartInStart = appStart.files.some((file) =>
      Object.entries(manifest).some(([key, c]) => c.file === file && key.includes('node_modules/recharts/')),
    );
    console.log("\nThe dashboard's charts (gzip, level 9): loaded on demand by the compliance dashboard");
    console.log(
      `  added:     ${(chartBytes / 1024).toFixed(1)} KiB in ${chartOnly.length} files (${(chartBytes / reference.bytes).toFixed(2)}x the empty React app)`,
    );
    console.log(
      `  the app's start (index.html): ${(appStart.bytes / 1024).toFixed(1)} KiB; recharts ${chartInStart ? 'IN IT (bad)' : 'not in it'}`,
    );

    const heavy = ['src/ui/workflows/', 'node_modules/antd/'].map((part) => ({
      part,
      loaded: signin.files.some((file) =>
        Object.entries(manifest).some(([key, chunk]) => chunk.file === file && key.includes(part)),
      ),
    }));
    for (const { part, loaded } of heavy)
      console.log(`  ${part} is ${loaded ? 'LOADED (bad)' : 'not loaded'} by /signin`);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
