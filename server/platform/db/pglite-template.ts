// A new PGlite data folder starts from a template: the folder PGlite's own `initdb` makes, dumped once per PGlite
// version (`npm run build` and `npm start` make it in a process of their own: scripts/pglite-template.ts). PGlite's
// `initdb` runs a second database instance and an `initdb` instance beside the one being opened, and copies the whole
// heap of the second on each of its steps: about 600 MB at its peak, which a process keeps for its life. Loading the
// template is one instance unpacking a 4.5 MB archive (docs/architecture.md "Memory").
import { existsSync, readFileSync, renameSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The installed PGlite's version: a template is only ever loaded by the version that made it. */
function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  const main = require.resolve('@electric-sql/pglite');
  let dir = path.dirname(main);
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Where the template of the installed PGlite is kept (`PGLITE_TEMPLATE_DIR`, else node_modules/.cache). */
export function pgliteTemplatePath(): string {
  const dir = process.env.PGLITE_TEMPLATE_DIR ?? path.join(ROOT, 'node_modules/.cache/safeplace');
  return path.join(dir, `pglite-${pgliteVersion()}-data.tar.gz`);
}

/** The template as PGlite's `loadDataDir` takes it, or undefined when none was made for this version. */
export function pgliteTemplate(): Blob | undefined {
  const file = pgliteTemplatePath();
  return existsSync(file) ? new Blob([readFileSync(file)], { type: 'application/x-gzip' }) : undefined;
}

/** Writes the template (a dump of a new in-memory database) unless it exists. Whole or not at all: a rename. */
export async function makePgliteTemplate(dump: () => Promise<Blob>): Promise<{ file: string; made: boolean }> {
  const file = pgliteTemplatePath();
  if (existsSync(file)) return { file, made: false };
  mkdirSync(path.dirname(file), { recursive: true });
  const bytes = Buffer.from(await (await dump()).arrayBuffer());
  const part = `${file}.${process.pid}.part`;
  writeFileSync(part, bytes);
  renameSync(part, file);
  return { file, made: true };
}
