import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
  server: {
    host: true,
    port: Number(process.env.VITE_PORT ?? 5173),
    // In development the API server runs beside Vite; the Host header is kept so tenancy still works.
    proxy: Object.fromEntries(
      ['/main-api', '/learning-api', '/case-api', '/config.json', '/api/auth'].map((p) => [p, { target: apiTarget, changeOrigin: false }]),
    ),
    allowedHosts: ['.localhost', 'localhost'],
  },
});
