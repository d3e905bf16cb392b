/**
 * The nodes in n8n's editor, in a real browser (Debian's Chromium driven by playwright-core), as a builder
 * meets them: found in the node picker, added to a workflow, opened. No research runs here; the
 * credential points at a real engine (API only, no worker) so that the Autopilot node's Properties
 * dropdown lists what its Autopilots read. Each test leaves a screenshot in a temporary folder (printed
 * at the start) to look at when one fails, and the tool descriptions and the dropdown are screenshots of
 * their own.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { engineModules } from '@prospect-research/engine';
import { client, createCustomer, newTestDatabase, startTestEngine, type TestDatabase, type TestEngine } from '@prospect-research/engine/testing';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createN8nInstance, type N8nInstance, type N8nServer, PACKAGE_NAME } from './n8n.ts';
import { researchCredential } from './workflows.ts';
import { launchChromium } from '../support/chromium.ts';

const WORKFLOW_ID = 'preditorwork0001';
const RESEARCH = 'Prospect Research';
const WAIT = 'Prospect Research: Wait for Result';
const AUTOPILOT = 'Prospect Research Autopilot';

let database: TestDatabase;
let engine: TestEngine;

let n8n: N8nInstance;
let server: N8nServer;
let browser: Browser;
let page: Page;
const screenshots = mkdtempSync(join(tmpdir(), 'prospect-n8n-editor-'));

beforeAll(async () => {
  // First: a machine without Chromium says so before n8n starts.
  browser = await launchChromium();
  database = await newTestDatabase();
  engine = await startTestEngine({ database, modules: await engineModules(), worker: false });
  const customer = await createCustomer(engine.pool);
  // An Autopilot whose filter reads `country` and whose stop condition reads `lifecyclestage`.
  const autopilot = await client(engine.url, customer.key).request('PUT', '/autopilots/EMEA%20SaaS', {
    body: {
      enabled: false,
      filter: { match: 'all', rules: [{ property: 'country', operator: 'is', values: ['Germany'] }] },
      channels: ['email'],
      tone: 'Friendly',
      goal: { type: 'meetings', calendar_link: 'https://cal.example.com/team' },
      lead_origin: 'You downloaded our pricing guide last week.',
      sequence: [{ day: 1, channel: 'email', kind: 'email', angle: 'Ask about their pricing.', subject_angle: 'Pricing', signals: [] }],
      stop_conditions: { reply: true, call_connected: true, meeting_booked: true, invite_accepted: false, property_changes: [{ property: 'lifecyclestage', value: 'customer' }] },
    },
  });
  expect(autopilot.status, JSON.stringify(autopilot.body)).toBe(201);
  n8n = await createN8nInstance(inject('n8nInstallation'), inject('packageTarball'));
  const credential = researchCredential('preditorcred0001', engine.url, customer.key);
  await n8n.importCredentials([credential]);
  await n8n.importWorkflows([
    {
      id: WORKFLOW_ID,
      name: 'Editor check',
      active: false,
      settings: {},
      nodes: [{ id: 'start', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} }],
      connections: {},
    },
  ]);
  server = await n8n.serve();
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const separator = server.cookie.indexOf('=');
  await context.addCookies([{ name: server.cookie.slice(0, separator), value: server.cookie.slice(separator + 1), url: server.url }]);
  page = await context.newPage();
  await page.goto(`${server.url}/workflow/${WORKFLOW_ID}`);
  await page.locator('[data-test-id="canvas-node"]').first().waitFor();
  console.log(`n8n editor screenshots: ${screenshots}`);
}, 180_000);

afterEach(async (context) => {
  await page?.screenshot({ path: join(screenshots, `${context.task.name.replace(/[^\w]+/g, '-')}.png`) });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  n8n?.remove();
  try {
    await engine?.stop();
  } finally {
    await database?.drop();
  }
});

/** A screenshot of its own, named, in the folder printed at the start. */
async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(screenshots, `${name}.png`) });
}

const canvasNode = (name: string) => page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`);
const canvasNames = () => page.locator('[data-test-id="canvas-node"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-node-name')));
const parameter = (name: string) => page.locator(`[data-test-id="parameter-input-${name}"]`);
const switchOn = (name: string) => parameter(name).locator('input').first().isChecked();

/** Opens the node picker (the N key on the canvas) and searches. */
async function search(text: string): Promise<void> {
  await page.locator('[data-test-id="canvas-wrapper"]').click({ position: { x: 100, y: 100 } });
  await page.keyboard.press('n');
  await typeSearch(text);
}

async function typeSearch(text: string): Promise<void> {
  const input = page.locator('input[data-test-id="node-creator-search-bar"], [data-test-id="node-creator-search-bar"] input').first();
  await input.click();
  await input.pressSequentially(text);
}

const pickerItems = () => page.locator('[data-test-id="item-iterator-item"]');

async function closeNodeView(): Promise<void> {
  await page.locator('[data-test-id="ndv-close-button"]').click();
  await page.locator('[data-test-id="ndv"]').waitFor({ state: 'hidden' });
}

describe('the nodes in n8n 2.41 editor, in Chromium', () => {
  it('the node picker finds both nodes, each with its own icon', async () => {
    await search('prospect');
    const research = pickerItems().filter({ hasText: RESEARCH }).first();
    const wait = pickerItems().filter({ hasText: WAIT });
    await wait.waitFor();
    const icon = async (item: typeof wait) => item.locator('img').first().getAttribute('src');
    const [researchIcon, waitIcon] = [await icon(research), await icon(wait)];
    expect(researchIcon).toContain(`${PACKAGE_NAME}/dist/nodes/Research/`);
    expect(waitIcon).toContain(`${PACKAGE_NAME}/dist/nodes/WaitForResult/`);
    await page.keyboard.press('Escape');
  });

  it('Wait for Result, added from the picker, has the same name on the canvas and reads the research_id, simplified, by default', async () => {
    await search('Wait for Result');
    await pickerItems().filter({ hasText: WAIT }).click();
    // A community node without actions shows its details first.
    await page.getByText('Add to workflow').click();
    await page.locator('[data-test-id="ndv"]').waitFor();
    await expect.poll(() => page.locator('[data-test-id="node-title-container"]').first().textContent()).toContain(WAIT);
    expect(await parameter('researchId').textContent()).toContain('{{ $json.research_id }}');
    expect(await switchOn('simple')).toBe(true);
    await closeNodeView();
    expect(await canvasNames()).toContain(WAIT);
    await expect.poll(() => canvasNode(WAIT).textContent()).toContain('Wait for the briefs');
  });

  it('Research a prospect: the credit notice under Email, Simplify on, and Simplify still there, on, with waiting off', async () => {
    await search(RESEARCH);
    await pickerItems().filter({ hasText: RESEARCH }).first().click();
    await pickerItems().filter({ hasText: 'Research a prospect' }).click();
    await page.locator('[data-test-id="ndv"]').waitFor();
    const notice = page.getByText('Each input item starts one research and spends one credit');
    await notice.waitFor();
    const top = async (locator: typeof notice) => (await locator.boundingBox())!.y;
    expect(await top(notice)).toBeGreaterThan(await top(parameter('email')));
    expect(await top(notice)).toBeLessThan(await top(parameter('waitForCompletion')));
    expect(await notice.textContent()).toMatch(/pin its output/);
    expect(await switchOn('waitForCompletion')).toBe(true);
    expect(await switchOn('simple')).toBe(true);
    const options = page.getByText('Options', { exact: true });
    expect(await options.isVisible()).toBe(true);

    await parameter('waitForCompletion').click();
    await options.waitFor({ state: 'hidden' });
    expect(await switchOn('waitForCompletion')).toBe(false);
    expect(await switchOn('simple')).toBe(true);
    await closeNodeView();
    // n8n names a node added through an action after the action; the subtitle names the operation.
    await expect.poll(() => canvasNode('Research a prospect').textContent()).toContain('Research a prospect');
  });

  it("an AI Agent's tools offer Prospect Research and the Autopilot, not Wait for Result nor the Trigger", async () => {
    await search('AI Agent');
    await pickerItems().filter({ hasText: 'AI Agent' }).first().click();
    await canvasNode('AI Agent').waitFor();
    if (await page.locator('[data-test-id="ndv"]').isVisible()) await closeNodeView();
    const toolHandle = canvasNode('AI Agent').locator('.canvas-node-handle-non-main-input', { has: page.locator('text="Tool"') });
    await toolHandle.locator('[data-test-id="canvas-handle-plus"]').click();
    await typeSearch('prospect');
    const names = async () => (await page.locator('[data-test-id="node-creator-item-name"]').allTextContents()).map((name) => name.trim());
    await expect.poll(async () => (await names()).sort()).toEqual(['Prospect Research Autopilot Tool', 'Prospect Research Tool']);
  });

  it("tells the model, in the Research tool's Description, what goes in, what it costs, how long it takes and what comes back", async () => {
    await page.locator('[data-test-id="node-creator-item-name"]', { hasText: /^\s*Prospect Research Tool\s*$/ }).click();
    await page.locator('[data-test-id="ndv"]').waitFor();
    const description = parameter('toolDescription');
    await description.waitFor();
    await expect.poll(async () => (await description.locator('textarea, input').first().inputValue()).trim()).toMatch(/work e-?mail/i);
    const text = await description.locator('textarea, input').first().inputValue();
    expect(text).toMatch(/credit/);
    await shot('tool-description-research');
    await closeNodeView();
  });

  it("tells the model, in the Autopilot tool's Description, what Add contacts takes and gives back", async () => {
    const toolHandle = canvasNode('AI Agent').locator('.canvas-node-handle-non-main-input', { has: page.locator('text="Tool"') });
    await toolHandle.locator('[data-test-id="canvas-handle-plus"]').click();
    await typeSearch('prospect');
    await page.locator('[data-test-id="node-creator-item-name"]', { hasText: /^\s*Prospect Research Autopilot Tool\s*$/ }).click();
    // Its actions first, when the picker lists them; then the node.
    const add = pickerItems().filter({ hasText: /Add contacts/i });
    if (
      await add
        .first()
        .isVisible({ timeout: 5_000 })
        .catch(() => false)
    )
      await add.first().click();
    await page.locator('[data-test-id="ndv"]').waitFor();
    const description = parameter('toolDescription');
    await description.waitFor();
    const text = await description.locator('textarea, input').first().inputValue();
    expect(text).toMatch(/one research credit/);
    expect(text).toMatch(/Returns contact_id/);
    await shot('tool-description-autopilot');
    await closeNodeView();
  });

  it("lists in Add contacts' Properties the properties the Autopilots read, from the engine", async () => {
    await search(AUTOPILOT);
    await pickerItems().filter({ hasText: AUTOPILOT }).first().click();
    await pickerItems()
      .filter({ hasText: /^\s*Add contacts\s*$/i })
      .first()
      .click();
    await page.locator('[data-test-id="ndv"]').waitFor();
    await page.getByText('Add Property', { exact: true }).first().click();
    const name = parameter('name');
    await name.waitFor();
    await name.locator('input').first().click();
    const option = (text: string) => page.locator('.el-select-dropdown__item:visible', { hasText: text }).first();
    await option('country').waitFor();
    expect(await option('country').textContent()).toContain('Read by EMEA SaaS (filter)');
    expect(await option('lifecyclestage').textContent()).toContain('Read by EMEA SaaS (stop condition)');
    await shot('properties-dropdown');
    await option('country').click();
    await page.keyboard.press('Escape');
  });
});
