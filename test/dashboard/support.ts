/**
 * What the dashboard's browser tests share: Debian's Chromium, axe-core, the two widths, where the
 * screenshots go, and a person signed in through the engine's own one-time links.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { accountsModule, autopilotModule, dashboardModule, eventsModule, type FeatureModule, peopleModule, researchModule } from '@prospect-research/engine';
import { insertInvitation, newTestDatabase, startTestEngine, type TestDatabase, type TestEngine } from '@prospect-research/engine/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchChromium } from '../support/chromium.ts';
import { newSeededDatabase, type SeededDemo } from './demoTemplate.ts';

export type { SeededDemo } from './demoTemplate.ts';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const ARTIFACTS = `${ROOT}test-artifacts/dashboard`;
export const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * A new test database and the engine serving the dashboard and the API on it (with a worker when asked), with a secret key for sign-in
 * and webhook secrets. With `seed`, the database is a copy of the run's seeded template (demoTemplate.ts: a "Demo" account filled by
 * seedDemo, `npm run demo`'s data) and `demo` says where to find things in it; `modules` adds extensions (such as the HubSpot app); `env`
 * adds to its environment (WEBHOOKS_ALLOW_PRIVATE_TARGETS=true for a receiver on 127.0.0.1; PORT and PUBLIC_URL for pages that give
 * third parties links back to the engine).
 */
export async function startDashboardEngine(options: DashboardOptions): Promise<{ database: TestDatabase; engine: TestEngine; demo?: SeededDemo; secretKey: Buffer }> {
  if (options.seed && options.secretKey) throw new Error('the seeded template is sealed with its own secret key: read it from demo.secretKey');
  const { database, demo } = options.seed ? await newSeededDatabase() : { database: await newTestDatabase(), demo: undefined };
  const secretKey = demo?.secretKey ?? options.secretKey ?? randomBytes(32);
  const engine = await startTestEngine({
    database,
    worker: options.worker,
    modules: [accountsModule(), peopleModule(), researchModule(), autopilotModule(), eventsModule(), dashboardModule(), ...(options.modules ?? [])],
    env: { ...options.env, SECRET_KEY: secretKey.toString('base64') },
  });
  return { database, engine, demo, secretKey };
}

export interface DashboardOptions {
  worker: boolean;
  seed?: boolean;
  modules?: FeatureModule[];
  env?: Record<string, string>;
  /** The engine's SECRET_KEY, when the test seals something with it too; random otherwise (the seed's with `seed`). */
  secretKey?: Buffer;
}

/** A browser context signed in as one person, a page in it, and the session's CSRF token. */
export interface SignedIn {
  context: BrowserContext;
  page: Page;
  csrf: string;
}

/** What a browser file works with: its engine and database, one Chromium, and people signed in to it. */
export interface Dashboard {
  database: TestDatabase;
  engine: TestEngine;
  browser: Browser;
  secretKey: Buffer;
  /** The seed's handles, with `seed: true`. */
  demo: SeededDemo;
  /**
   * A new person with `role` signed in to `accountId` (the Demo account unless said) in a context of their own, at `viewport` in
   * `colorScheme` (laptop, light unless said), with a page whose waits give up after 10 s.
   */
  signIn(role: 'owner' | 'admin' | 'member', options?: ContextOptions & { accountId?: number; email?: string }): Promise<SignedIn>;
  /** The same person for the enclosing suite: signed in by its beforeAll, their context closed by its afterAll; read the fields inside tests. */
  signedInForSuite(role: 'owner' | 'admin' | 'member', options?: ContextOptions & { accountId?: number; email?: string }): SignedIn;
}

/**
 * Starts the file's engine and Chromium before its tests (its beforeAll) and stops them after (its afterAll); read the fields inside
 * tests. `options` may be a function, for what the file's earlier beforeAll makes (a stand-in's address).
 */
export function useDashboard(options: DashboardOptions | (() => DashboardOptions | Promise<DashboardOptions>)): Dashboard {
  const dashboard = {} as Dashboard;
  let people = 0;
  beforeAll(async () => {
    const [started, browser] = await Promise.all([startDashboardEngine(typeof options === 'function' ? await options() : options), launchBrowser()]);
    Object.assign(dashboard, started, { browser });
  }, 120_000);
  afterAll(async () => {
    await dashboard.browser?.close();
    await dashboard.engine?.stop();
    await dashboard.database?.drop();
  });
  dashboard.signIn = async (role, { accountId, email, ...contextOptions } = {}) => {
    const account = accountId ?? dashboard.demo?.accountId;
    if (account === undefined) throw new Error('signIn needs an accountId when the engine is not seeded');
    const context = await newContext(dashboard.browser, dashboard.engine, contextOptions);
    people += 1;
    const csrf = await signInByInvitation(context, dashboard.engine, { accountId: account, email: email ?? `${role}.${people}@people.example`, role });
    const page = await context.newPage();
    // Debian's Chromium (156, headless as a whole browser) on a busy 2-core machine takes its time: a wait
    // fails only when something never shows.
    page.setDefaultTimeout(20_000);
    return { context, page, csrf };
  };
  dashboard.signedInForSuite = (role, signInOptions) => {
    const person = {} as SignedIn;
    beforeAll(async () => {
      Object.assign(person, await dashboard.signIn(role, signInOptions));
    });
    afterAll(() => person.context?.close());
    return person;
  };
  return dashboard;
}

/**
 * What every page gets checked for as it stands: no serious or critical axe-core violation, at laptop then phone width, each kept as
 * `<name>-desktop.png` and `<name>-phone.png` (the whole page, unless `fullPage` is false) in test-artifacts/dashboard/, at the page's own
 * width first; with `fits`, the page is no wider than the window at either. Puts the page's width back after.
 */
export async function checkPage(page: Page, name: string, options: { fullPage?: boolean; fits?: boolean } = {}): Promise<void> {
  const before = page.viewportSize();
  // The width the page was opened at first: what a person at that width sees, not a page resized to it.
  const widths = Object.entries(VIEWPORTS).sort(([, viewport]) => (viewport.width === before?.width ? -1 : 0));
  for (const [width, viewport] of widths) {
    await page.setViewportSize(viewport);
    // Two frames for the media queries' re-render, then the transitions it started (a dialog's, a menu's) to their end.
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
    await page.evaluate('Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => {})))');
    expect(await accessibilityProblems(page), `${name} at ${width} width`).toEqual([]);
    if (options.fits) expect(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'), `${name} overflows at ${width} width`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${ARTIFACTS}/${name}-${width}.png`, fullPage: options.fullPage ?? true });
  }
  if (before) await page.setViewportSize(before);
}

/** Chromium, once the dashboard is built and Chromium is there (each says what to do when it is not). */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(`${ROOT}dashboard/dist/index.html`)) throw new Error('No dashboard build: run npm run build -w dashboard (npm install does it)');
  mkdirSync(ARTIFACTS, { recursive: true });
  return launchChromium();
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
