// `npm run dev`: the API server with reload (tsx watch) and Vite's dev server with hot reload beside it.
// Open http://acme.localhost:5173 (Vite proxies the APIs to the server and keeps the Host header for tenancy).
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '8080';
const vitePort = process.env.VITE_PORT ?? '5173';
const children = [
  spawn('tsx', ['watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    // Links in mail go to the pages people open, on Vite's port (PUBLIC_URL; the server never reads them from a Host).
    env: {
      ...process.env,
      PORT: apiPort,
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://${process.env.MAIN_HOST ?? 'localhost'}:${vitePort}`,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    },
  }),
  spawn('vite', ['--strictPort'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
