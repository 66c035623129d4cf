import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;

/** The paths served by the light sign-in entry (the server does the same in production: server/app.ts). */
const isAuthPage = (path: string) =>
  path === '/signin' ||
  path === '/signin-password' ||
  path === '/signin-mobile' ||
  path === '/forgot-password' ||
  path === '/signup' ||
  /^\/(invite|email-verify)\/[A-Za-z0-9_-]+$/.test(path);

/** The course player's path, served by its light entry player.html (server/app.ts does the same in production). */
const isPlayerPage = (path: string) => /^\/training\/[A-Za-z0-9_-]+\/?$/.test(path);

/** The built page of the public site at this path, if `npm run build` has rendered one. */
function sitePageInDev(path: string): string | null {
  if (!/^\/(?:[a-z0-9_-]+(?:\/[a-z0-9_-]+)*)?$/.test(path)) return null;
  const file = fileURLToPath(new URL(`./dist/site/pages${path === '/' ? '/index' : path}.html`, import.meta.url));
  return existsSync(file) ? file : null;
}

/** In development, the sign-in paths get signin.html (and the player's, player.html) as the server gives them in production. */
function authPagesInDev(): Plugin {
  return {
    name: 'auth-pages-in-dev',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0];
        // The main host's public pages and their scripts, as the last `npm run build` rendered them (docs/public-site.md);
        // the server serves them the same way in production.
        const host = (req.headers.host ?? '').replace(/:\d+$/, '');
        const page = sitePageInDev(path);
        if (req.method === 'GET' && host === (process.env.MAIN_HOST ?? 'localhost') && page) {
          res.setHeader('content-type', 'text/html; charset=utf-8');
          res.end(readFileSync(page, 'utf8').replaceAll('__SITE_ORIGIN__', `http://${req.headers.host}`));
          return;
        }
        const script = /^\/site\/([a-z-]+\.js)$/.exec(path);
        const scriptFile = script ? fileURLToPath(new URL(`./dist/site/${script[1]}`, import.meta.url)) : null;
        if (scriptFile && existsSync(scriptFile)) {
          res.setHeader('content-type', 'text/javascript; charset=utf-8');
          res.end(readFileSync(scriptFile));
          return;
        }
        if (isAuthPage(path)) req.url = `/signin.html${(req.url ?? '').slice(path.length)}`;
        else if (isPlayerPage(path)) req.url = `/player.html${(req.url ?? '').slice(path.length)}`;
        next();
      });
    },
  };
}

const COMPRESSIBLE = /\.(?:m?js|css|html|svg|json|txt|xml|map|webmanifest)$/i;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text asset of the build (1 KB or more, and only where it is smaller),
 * at the highest levels, once, so the server sends them by the request's Accept-Encoding (@fastify/static's
 * `preCompressed`) without compressing on each request. Node's own zlib does both; no plugin needed.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  let writes = true;
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      writes = config.build.write !== false;
    },
    closeBundle() {
      // A build that wrote nothing (the build tests' `write: false`, or one that failed) has nothing to compress.
      if (!writes || !existsSync(outDir)) return;
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const raw = readFileSync(file);
        if (raw.length < 1024) continue;
        const br = brotliCompressSync(raw, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length },
        });
        if (br.length < raw.length) writeFileSync(`${file}.br`, br);
        const gz = gzipSync(raw, { level: 9 });
        if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

/** Whether the build writes source maps: only when asked for (SOURCEMAP=1), never by default. */
export function sourceMapsFor(env: Record<string, string | undefined>): boolean {
  return env.SOURCEMAP === '1';
}

type Graph = {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
};
const SIGN_IN_ENTRY = fileURLToPath(new URL('./src/ui/auth-main.tsx', import.meta.url));
const APP_ENTRY = fileURLToPath(new URL('./src/ui/main.tsx', import.meta.url));
const PLAYER_ENTRY = fileURLToPath(new URL('./src/ui/player-main.tsx', import.meta.url));
const APP_START_MODULES = /[\\/](src|node_modules[\\/](inversify|@inversifyjs|reflect-metadata))[\\/]/;
const graphs = new WeakMap<Graph, Map<string, Set<string>>>();

/** Every module reachable from `entry` (static imports, and dynamic ones when `lazy`), computed once per chunking pass. */
function reachable(ctx: Graph, entry: string, lazy: boolean): Set<string> {
  let byEntry = graphs.get(ctx);
  if (!byEntry) graphs.set(ctx, (byEntry = new Map()));
  const key = `${entry}|${lazy}`;
  let seen = byEntry.get(key);
  if (!seen) {
    seen = new Set<string>();
    const stack = [entry];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const info = ctx.getModuleInfo(id);
      if (info) stack.push(...info.importedIds, ...(lazy ? info.dynamicallyImportedIds : []));
    }
    byEntry.set(key, seen);
  }
  return seen;
}
/** What the sign-in page loads up front: its entry's static imports. */
const signInGraph = (ctx: Graph) => reachable(ctx, SIGN_IN_ENTRY, false);
/** Everything the app may load, now or lazily. */
const appGraph = (ctx: Graph) => reachable(ctx, APP_ENTRY, true);
/** What the course player's light entry loads (all of it up front). */
const playerGraph = (ctx: Graph) => reachable(ctx, PLAYER_ENTRY, false);
/** What the app loads up front. */
const appStart = (ctx: Graph) => reachable(ctx, APP_ENTRY, false);

export default defineConfig({
  plugins: [react(), authPagesInDev(), precompress()],
  build: {
    outDir: 'dist',
    // Source maps only for a development build (SOURCEMAP=1 npm run build): the served app is the minified code alone,
    // so a production server never publishes the sources (issue 10). `npm run dev` serves its own maps.
    sourcemap: sourceMapsFor(process.env),
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      input: { index: 'index.html', signin: 'signin.html', player: 'player.html' },
      output: {
        // The sign-in page's initial JavaScript in few files (it was 21, one per sharing pattern): the libraries it
        // imports in one chunk, and our modules it shares with the app in another. Both groups hold exactly the sign-in
        // entry's static module graph, so it downloads nothing it does not run (no Inversify, no app-only modules).
        codeSplitting: {
          groups: [
            // (Vite's module-preload polyfill, which every HTML entry starts with, rides along with the libraries.)
            {
              name: (id, ctx) =>
                (/[\\/]node_modules[\\/]/.test(id) && signInGraph(ctx).has(id)) ||
                id.includes('vite/modulepreload-polyfill')
                  ? 'vendor'
                  : null,
              priority: 20,
            },
            // (Shared with the course player's light entry, player.html, and maybe the app.)
            {
              name: (id, ctx) =>
                /[\\/]src[\\/]/.test(id) && signInGraph(ctx).has(id) && playerGraph(ctx).has(id) ? 'common' : null,
              priority: 10,
            },
            // (Shared with the app only: the sign-in pages' own view-models and use cases, which the player never runs
            // and so does not download.)
            {
              name: (id, ctx) =>
                /[\\/]src[\\/]/.test(id) && signInGraph(ctx).has(id) && appGraph(ctx).has(id) ? 'signin-app' : null,
              priority: 9,
            },
            // The app's start (our modules of its entry's static graph, and Inversify, less what the two groups above hold)
            // in one more file, instead of one small file per sharing pattern. (Ant Design is left to the bundler: a group
            // would hold every component its index re-exports.)
            // What the app shares with the player only stays out of it, or the player would download the whole group.
            {
              name: (id, ctx) =>
                id !== APP_ENTRY &&
                APP_START_MODULES.test(id) &&
                appStart(ctx).has(id) &&
                !signInGraph(ctx).has(id) &&
                !playerGraph(ctx).has(id)
                  ? 'app'
                  : null,
              priority: 5,
            },
          ],
        },
      },
    },
  },
  server: {
    host: true,
    port: Number(process.env.VITE_PORT ?? 5173),
    // In development the API server runs beside Vite; the Host header is kept so tenancy still works.
    proxy: Object.fromEntries(
      ['/main-api', '/learning-api', '/case-api', '/config.json', '/api/auth', '/dev/outbox'].map((p) => [
        p,
        { target: apiTarget, changeOrigin: false },
      ]),
    ),
    allowedHosts: ['.localhost', 'localhost'],
  },
});
