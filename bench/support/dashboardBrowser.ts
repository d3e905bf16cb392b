import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../test/support/chromium.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Debian's Chromium, once the dashboard is built (built here when it is not); refused in words when Chromium is missing. */
export async function launchDashboardBrowser(progress: (text: string) => void): Promise<Browser> {
  if (!existsSync(`${ROOT}dashboard/dist/index.html`)) {
    progress('building the dashboard');
    execFileSync('npm', ['run', 'build', '--silent', '-w', 'dashboard'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return launchChromium();
}
