import { describe, expect, it } from 'vitest';
import { runCli } from '../../../src/app/cli/program.ts';
import { ENGINE_VERSION } from '../../../src/platform/ops/version.ts';

describe('prospect-engine --version', () => {
  it("prints the engine's version, from engine/package.json, and exits 0", async () => {
    for (const flag of ['--version', '-V']) {
      const out: string[] = [];
      const code = await runCli([flag], [], { env: {}, stdout: (text) => out.push(text), stderr: (text) => out.push(text) });
      expect(code).toBe(0);
      expect(out.join('')).toBe(`${ENGINE_VERSION}\n`);
    }
    expect(ENGINE_VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });
});
