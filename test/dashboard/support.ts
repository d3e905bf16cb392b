/**
 * What the dashboard's browser tests share: Debian's Chromium, axe-core, the two widths, where the
 * screenshots go, and a person signed in through the engine's own one-time links.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { accountsModule, autopilotModule, dashboardModule, peopleModule, researchModule } from '@prospect-research/engine';
import { insertInvitation, newTestDatabase, startTestEngine, type TestDatabase, type TestEngine } from '@prospect-research/engine/testing';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const ARTIFACTS = `${ROOT}test-artifacts/dashboard`;
export const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A new test database and the engine serving the dashboard and the API on it (with a worker when asked), with a secret key for sign-in. */
export async function startDashboardEngine(options: { worker: boolean }): Promise<{ database: TestDatabase; engine: TestEngine }> {
  const database = await newTestDatabase();
  const engine = await startTestEngine({
    database,
    worker: options.worker,
    modules: [accountsModule(), peopleModule(), researchModule(), autopilotModule(), dashboardModule()],
    env: { SECRET_KEY: randomBytes(32).toString('base64') },
  });
  return { database, engine };
}

/** Chromium, once the dashboard is built and Chromium is there (each says what to do when it is not). */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(`${ROOT}dashboard/dist/index.html`)) throw new Error('No dashboard build: run npm run build -w dashboard (npm install does it)');
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: install Debian's package (apt-get install chromium) or set CHROMIUM_PATH`);
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}

export interface ContextOptions {
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
  permissions?: string[];
}

/** A fresh browser context (its own cookies) on `engine`, at laptop width in light unless asked otherwise. */
export function newContext(browser: Browser, engine: TestEngine, options: ContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ viewport: options.viewport ?? VIEWPORTS.desktop, colorScheme: options.colorScheme ?? 'light', baseURL: engine.url, permissions: options.permissions ?? [] });
}

/** axe-core's serious and critical violations on the page as it stands, each as "rule: the first element". */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async () => (await (globalThis as any).axe.run((globalThis as any).document, { resultTypes: ['violations'] })).violations);
  return violations.filter((violation: any) => ['serious', 'critical'].includes(violation.impact)).map((violation: any) => `${violation.id}: ${violation.nodes[0]?.target}`);
}

/**
 * Signs `email` in to `accountId` with `role` in this browser context, as a one-time link from
 * `prospect-engine users invite` would (the link taken through the engine's own route). Answers the
 * session's CSRF token, for changes the test makes with the context's cookie.
 */
export async function signInByInvitation(
  context: BrowserContext,
  engine: TestEngine,
  person: { accountId: number; email: string; role: 'owner' | 'admin' | 'member'; password?: string },
): Promise<string> {
  const token = await insertInvitation(engine.pool, { accountId: person.accountId, email: person.email, role: person.role, validForMs: 3_600_000 });
  const accepted = await context.request.post(`/auth/invitations/${token}/accept`, { data: { password: person.password ?? 'correct horse battery', name: person.email.split('@')[0] } });
  if (accepted.status() !== 200) throw new Error(`The invitation of ${person.email} was refused: ${accepted.status()} ${await accepted.text()}`);
  return ((await accepted.json()) as { csrf_token: string }).csrf_token;
}
