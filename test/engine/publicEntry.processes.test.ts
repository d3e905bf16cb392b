import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs a module of code with plain Node from the project root, as bench/ and extension packages run. */
async function node(code: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT, timeout: 30_000 });
  return stdout;
}

describe("the engine's public entry", () => {
  it('loads in plain Node through the workspace link, its TypeScript stripped of types', async () => {
    const out = await node(`
      const engine = await import('@prospect-research/engine');
      console.log(JSON.stringify(['startService', 'engineModules', 'researchModule', 'accountsModule', 'insertResearchJob', 'addJob', 'runCli'].map((name) => typeof engine[name])));
    `);
    expect(JSON.parse(out)).toEqual(['function', 'function', 'function', 'function', 'function', 'function', 'function']);
  });

  it('has a /contract sub-entry with the JSON Schemas of the Research API', async () => {
    const out = await node(`
      const contract = await import('@prospect-research/engine/contract');
      console.log(JSON.stringify([contract.researchRequestSchema.$id, contract.researchDataSchema.$id, contract.researchStatusSchema.$id]));
    `);
    expect(JSON.parse(out)).toEqual([
      'https://prospect-research.dev/schemas/research-request.json',
      'https://prospect-research.dev/schemas/research-data.json',
      'https://prospect-research.dev/schemas/research-status.json',
    ]);
  });

  it("has an /autopilot-contract sub-entry with the Autopilot document's JSON Schema, and the entry exports what routing reads", async () => {
    const out = await node(`
      const contract = await import('@prospect-research/engine/autopilot-contract');
      const engine = await import('@prospect-research/engine');
      const filter = engine.compileFilter({ match: 'all', rules: [{ property: 'country', operator: 'is', values: ['Germany'] }] });
      console.log(JSON.stringify([
        contract.autopilotInputSchema.$id,
        contract.autopilotViewSchema.$id,
        contract.autopilotSettingsSchema.$id,
        typeof engine.autopilotModule,
        typeof engine.readRoutingTable,
        engine.evaluateFilter(filter, { country: 'France' }).rules[0].text,
      ]));
    `);
    expect(JSON.parse(out)).toEqual([
      'https://prospect-research.dev/schemas/autopilot.json',
      'https://prospect-research.dev/schemas/autopilot-view.json',
      'https://prospect-research.dev/schemas/autopilot-settings.json',
      'function',
      'function',
      'country is Germany: no, the contact says France',
    ]);
  });

  it('has a /bench sub-entry with what only the bench drives, the statements behind POST /research among them, which the entry does not export', async () => {
    const out = await node(`
      const bench = await import('@prospect-research/engine/bench');
      const engine = await import('@prospect-research/engine');
      console.log(JSON.stringify([
        ...['KEY_HOLDER_SQL', 'DEBIT_CREDIT_SQL', 'INSERT_RESEARCH_JOB_SQL', 'QUEUE_RESEARCH_SQL'].map((name) => [typeof bench[name], typeof engine[name]]),
        ...['createPool', 'submitResearch', 'sweepDueContacts', 'leadOutcomes'].map((name) => [typeof bench[name], typeof engine[name]]),
      ]));
    `);
    const statement = ['string', 'undefined'];
    const call = ['function', 'undefined'];
    expect(JSON.parse(out)).toEqual([statement, statement, statement, statement, call, call, call, call]);
  });

  it('is the only way bench/ and test/ reach the engine: no import names engine/src', () => {
    const offenders = ['bench', 'test'].flatMap((folder) => sources(join(ROOT, folder)).filter((file) => /from\s+['"][^'"]*engine\/src\//.test(readFileSync(file, 'utf8'))));
    expect(offenders.map((file) => relative(ROOT, file))).toEqual([]);
  });
});

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|mts|js|mjs)$/.test(entry.name) && !entry.parentPath.includes('node_modules'))
    .map((entry) => join(entry.parentPath, entry.name));
}
