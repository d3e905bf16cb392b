import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The engine `npm run dev:dashboard` sends API calls to (`ENGINE_URL`, default the engine's own default address). */
const engine = process.env.ENGINE_URL ?? 'http://localhost:3000';

/** The engine's API paths the dashboard calls: everything but /app, which Vite serves itself in development. */
const API_PATHS = ['/auth', '/account', '/product', '/keys', '/autopilot', '/autopilots', '/openapi.json'];

export default defineConfig({
  // The engine serves the build at /app (engine/src/dashboard).
  base: '/app/',
  plugins: [react()],
  // The manifest names each page's chunks: the bench sums what the first page loads from it.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, manifest: true },
  server: { proxy: Object.fromEntries(API_PATHS.map((path) => [path, { target: engine, changeOrigin: false }])) },
});
