import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;

/** The paths served by the light sign-in entry (the server does the same in production: server/app.ts). */
const isAuthPage = (path: string) => path === '/signin' || path === '/forgot-password' || path === '/signup' || /^\/(invite|email-verify)\/[A-Za-z0-9_-]+$/.test(path);

/** In development, the sign-in paths get signin.html as the server gives them in production. */
function authPagesInDev(): Plugin {
  return {
    name: 'auth-pages-in-dev',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const path = (req.url ?? '').split('?')[0];
        if (isAuthPage(path)) req.url = `/signin.html${(req.url ?? '').slice(path.length)}`;
        next();
      });
    },
  };
}

/** Whether the build writes source maps: only when asked for (SOURCEMAP=1), never by default. */
export function sourceMapsFor(env: Record<string, string | undefined>): boolean {
  return env.SOURCEMAP === '1';
}

export default defineConfig({
  plugins: [react(), authPagesInDev()],
  build: {
    outDir: 'dist',
    // Source maps only for a development build (SOURCEMAP=1 npm run build): the served app is the minified code alone,
    // so a production server never publishes the sources (issue 10). `npm run dev` serves its own maps.
    sourcemap: sourceMapsFor(process.env),
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      input: { index: 'index.html', signin: 'signin.html' },
      output: {
        // The sign-in page's initial JavaScript in few files (it was 21, one per sharing pattern): the libraries every
        // page starts with in one chunk, and the small shared modules the sign-in pages use in another.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|mobx|mobx-react-lite|inversify|@inversifyjs|reflect-metadata|zod|ky)[\\/]/, priority: 20 },
            { name: 'common', test: /[\\/]src[\\/](domain[\\/](auth|platform)|application[\\/](shared|audit|auth)|contracts[\\/]route|infrastructure[\\/](config|flags|http[\\/]api-client))/, priority: 10 },
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
      ['/main-api', '/learning-api', '/case-api', '/config.json', '/api/auth', '/dev/outbox'].map((p) => [p, { target: apiTarget, changeOrigin: false }]),
    ),
    allowedHosts: ['.localhost', 'localhost'],
  },
});
