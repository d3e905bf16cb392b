// Builds the dashboard (dashboard/dist, which the engine serves at /app).
// - `npm install` / `npm ci` at the root (this workspace's `prepare`, with --install; not the root's: n8n's
//   community-package rules forbid lifecycle scripts in the package the nodes are published from): every time, so a pulled change is
//   served; skipped when Vite is not installed (`npm ci --omit=dev`: the Dockerfile builds it in a stage of its own).
// - `npm start` (the root's `prestart`): only when dashboard/dist is missing, saying so in one line.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const install = process.argv.includes('--install');
const built = existsSync(new URL('./dist/index.html', import.meta.url));
let vite = true;
try {
  createRequire(import.meta.url).resolve('vite');
} catch {
  vite = false;
}

if (install ? vite : !built && !process.env.DASHBOARD_DIR) {
  if (!vite) {
    console.log('dashboard/dist is missing and Vite is not installed (npm ci --omit=dev): the engine starts without the dashboard');
  } else {
    if (!install) console.log('dashboard/dist is missing: building the dashboard once (npm run build -w dashboard, under a minute)');
    execFileSync('npm', ['run', 'build', '--silent', '-w', 'dashboard'], { cwd: new URL('..', import.meta.url), stdio: ['ignore', 'ignore', 'inherit'] });
  }
}
