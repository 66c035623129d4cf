// Renders the public site (src/ui/site) to static HTML in <outDir>/site after `vite build`, and bundles its small
// scripts (src/ui/site/scripts) beside it. Run by `npm run build`; the server serves the result on the main host.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { build } from 'esbuild';
import { renderSite } from '../src/ui/site/render-site';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCRIPTS = ['contact', 'confirm', 'scorecard', 'workspace-go'];

/** Writes the site's pages, sitemap, robots.txt and scripts under `<outDir>/site`. */
export async function buildSite(outDir: string): Promise<void> {
  const siteDir = path.join(outDir, 'site');
  const css = readFileSync(path.join(ROOT, 'src/ui/site/site.css'), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\n/g, '');
  for (const { file, content } of renderSite(css)) {
    const target = path.join(siteDir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
  await build({
    entryPoints: SCRIPTS.map((name) => path.join(ROOT, `src/ui/site/scripts/${name}.ts`)),
    outdir: siteDir,
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    logLevel: 'warning',
  });
  // The scripts as the static server sends them: pre-compressed, as vite.config.ts does for the app's assets.
  for (const name of SCRIPTS) {
    const file = path.join(siteDir, `${name}.js`);
    const raw = readFileSync(file);
    writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
    writeFileSync(`${file}.br`, brotliCompressSync(raw));
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await buildSite(path.resolve(process.argv[2] ?? 'dist'));
}
