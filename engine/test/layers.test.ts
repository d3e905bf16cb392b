import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint rules that keep the engine's layers (CONTRIBUTING.md, "Layers"), held to imports they must
 * refuse and imports they must let through: a rule that silently stops resolving imports would let
 * everything through, and npm run lint would still pass.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });
// Looking for circles walks the whole import graph an import reaches (seconds): only the circle's own test needs it.
const eslintWithoutCircles = new ESLint({ cwd: ROOT, overrideConfig: { rules: { 'import-x/no-cycle': 'off' } } });

/** The rules that fail `code` written at `file` (a path from the repository's root). */
async function failedRules(file: string, code: string, { circles = false } = {}): Promise<string[]> {
  const [result] = await (circles ? eslint : eslintWithoutCircles).lintText(code, { filePath: `${ROOT}${file}` });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe('the engine layering, checked by lint', () => {
  it('refuses an import from a lower layer to a higher one, and between folders of one layer', async () => {
    expect(await failedRules('engine/src/platform/new.ts', "export { autopilotModule } from '../autopilot/index.ts';\n")).toEqual(['import-x/no-restricted-paths']);
    expect(await failedRules('engine/src/research/new.ts', "export { eventsModule } from '../events/index.ts';\n")).toEqual(['import-x/no-restricted-paths']);
    expect(await failedRules('engine/src/events/new.ts', "export { autopilotModule } from '../autopilot/index.ts';\n")).toEqual(['import-x/no-restricted-paths']);
    expect(await failedRules('engine/src/grounding/new.ts', "export { mailboxSettings } from '../mailboxes/index.ts';\n")).toEqual(['import-x/no-restricted-paths']);
    expect(await failedRules('engine/src/autopilot/new.ts', "export { startService } from '../index.ts';\n")).toEqual(['import-x/no-restricted-paths']);
  });

  it("refuses a way into another folder's files around its public face, and lets the face and the platform through", async () => {
    expect(await failedRules('engine/src/autopilot/routing/new.ts', "export { insertResearchJobs } from '../../research/submit.ts';\n")).toEqual(['import-x/no-restricted-paths']);
    expect(await failedRules('engine/src/autopilot/writer/new.ts', "export { POST_LABELS } from '../../research/writer/factSheet.ts';\n")).toEqual(['import-x/no-restricted-paths']);
    expect(await failedRules('engine/src/research/new.ts', "export { numbersIn } from '../grounding/numbers.ts';\n")).toEqual(['import-x/no-restricted-paths']);
    const faces = [
      "export { insertResearchJobs, POST_LABELS } from '../../research/index.ts';",
      "export type { ResearchRequest } from '../../research/contract.ts';",
      "export { systemClock } from '../../platform/time.ts';",
    ];
    expect(await failedRules('engine/src/autopilot/routing/new.ts', `${faces.join('\n')}\n`)).toEqual([]);
  });

  it('keeps the engine free of the packages built on it, and those on its package entries', async () => {
    expect(await failedRules('engine/src/platform/new.ts', "export { hubspotModule } from '../../../crm-app/src/module.ts';\n")).toEqual(['import-x/no-restricted-paths']);
    expect(await failedRules('crm-app/src/new.ts', "export { fromStoredResult } from '../../engine/src/research/jobs.ts';\n")).toEqual(['no-restricted-imports']);
    expect(await failedRules('bench/new.ts', "export { startService } from '@prospect-research/engine/src/index.ts';\n")).toEqual(['no-restricted-imports']);
    const entries = [
      "export { startService } from '@prospect-research/engine';",
      "export type { ResearchData } from '@prospect-research/engine/contract';",
      "export { useEngine } from '@prospect-research/engine/testing';",
    ];
    expect(await failedRules('crm-app/src/new.ts', `${entries.join('\n')}\n`)).toEqual([]);
  });

  it('refuses an import that closes a circle', async () => {
    // The senders' schedule imports their contract; the contract importing the schedule closes the circle.
    const contract = readFileSync(`${ROOT}engine/src/senders/contract.ts`, 'utf8');
    expect(await failedRules('engine/src/senders/contract.ts', contract, { circles: true })).toEqual([]);
    expect(await failedRules('engine/src/senders/contract.ts', `${contract}export { DEFAULT_SCHEDULE } from './schedule.ts';\n`, { circles: true })).toEqual(['import-x/no-cycle']);
  });
});
