import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, once the dashboard is built (built here when it is not); refused in words when Chromium is missing. */
export async function launchDashboardBrowser(progress: (text: string) => void): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: install Debian's package (apt-get install chromium) or set CHROMIUM_PATH`);
  if (!existsSync(`${ROOT}dashboard/dist/index.html`)) {
    progress('building the dashboard');
    execFileSync('npm', ['run', 'build', '--silent', '-w', 'dashboard'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}
