// `npm run build` and `npm start`'s prestart: the server bundled into dist-server/ (ESM, one file per entry and the
// chunks they share), so that `npm start` runs plain `node dist-server/main.js`: no TypeScript loader thread, no
// source texts of hundreds of modules or source maps of tsx in the serving process (docs/architecture.md "Memory").
// Every package stays external (loaded from node_modules as it is: PGlite's WebAssembly, argon2's native module).
// Entries: main.js (serves) and demo-seed.js (a first start's demo seed, in a process of its own).
import { readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'dist-server');
const CONTRACTS = path.join(ROOT, 'src/contracts');

/** A path relative to the output folder, as a URL path (`../server/platform/db/migrate.ts`). */
const relative = (outdir, file) => path.relative(outdir, file).split(path.sep).join('/');

/**
 * Modules that find files beside themselves (migrations, fonts through createRequire, the PGlite template's cache)
 * read `import.meta.url` / `import.meta.dirname`: in the bundle those name the chunk, so each is replaced by the
 * source file's own location, relative to the bundle (the bundle still runs when the checkout is moved).
 */
const sourceLocation = (outdir, entryPoints) => ({
  name: 'source-location',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const { readFile } = await import('node:fs/promises');
      let contents = await readFile(args.path, 'utf8');
      const entry = Object.values(entryPoints).some((file) => path.resolve(ROOT, file) === args.path);
      if (!entry && contents.includes('import.meta.')) {
        const url = `new URL(${JSON.stringify(relative(outdir, args.path))}, import.meta.url).href`;
        const dir = `decodeURIComponent(new URL(${JSON.stringify(relative(outdir, path.dirname(args.path)) + '/')}, import.meta.url).pathname).replace(/\\/$/, '')`;
        contents = contents.replaceAll('import.meta.url', `(${url})`).replaceAll('import.meta.dirname', `(${dir})`);
      }
      return { contents, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
    });
  },
});

/**
 * The OpenAPI documents name each contract after its export (server/platform/contract-modules.ts reads
 * src/contracts at run time from the sources): in the bundle, the same modules imported statically, so that the
 * contracts are the very objects the routes were declared with.
 */
const contractModules = {
  name: 'contract-modules',
  setup(b) {
    b.onLoad({ filter: /server[\\/]platform[\\/]contract-modules\.ts$/ }, () => {
      const files = readdirSync(CONTRACTS, { recursive: true })
        .map((file) => String(file).split(path.sep).join('/'))
        .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !file.endsWith('.test.ts'))
        .sort();
      const lines = files.map(
        (file, i) => `import * as m${i} from ${JSON.stringify(path.join(CONTRACTS, file).split(path.sep).join('/'))};`,
      );
      lines.push(
        `export async function loadContractModules() { return [${files.map((file, i) => `[${JSON.stringify(file)}, m${i}]`).join(', ')}]; }`,
      );
      return { contents: lines.join('\n'), loader: 'ts', resolveDir: CONTRACTS };
    });
  },
};

/**
 * Bundles `entryPoints` (name -> source file) into `outdir` as the server is bundled; the benches bundle their own
 * server-side scripts with it, so that what they measure runs as `npm start` runs.
 */
export async function bundleServer(
  entryPoints = { main: 'server/main.ts', 'demo-seed': 'server/seed/demo-seed.cli.ts' },
  outdir = OUT,
) {
  await rm(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    packages: 'external',
    // No source map in the file (V8 would keep it as source text); a separate one for `node --enable-source-maps`.
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    plugins: [contractModules, sourceLocation(outdir, entryPoints)],
  });
}

if (import.meta.main) {
  await bundleServer();
  console.log(`server bundle: ${path.relative(ROOT, OUT)}/main.js`);
}
