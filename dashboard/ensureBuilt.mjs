// `npm start` runs this first: a clone whose install skipped the build (`npm install --ignore-scripts`,
// or a dashboard/dist removed since) gets the dashboard built before the engine serves it.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const dist = new URL('./dist/index.html', import.meta.url);
if (!existsSync(dist) && !process.env.DASHBOARD_DIR) {
  console.log('dashboard/dist is missing: building the dashboard once (npm run build -w dashboard, under a minute)');
  execFileSync('npm', ['run', 'build', '--silent', '-w', 'dashboard'], { cwd: new URL('..', import.meta.url), stdio: ['ignore', 'ignore', 'inherit'] });
}
