import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const LOGGER = fileURLToPath(new URL('../../src/platform/logger.ts', import.meta.url));
/** A process that logs one line through the engine's logger, with LOG_FORMAT unset. */
const LOGS = `import(${JSON.stringify(LOGGER)}).then(({ createLogger }) => createLogger('info', 1).info({ feature: 'research' }, 'one line'))`;
const env = { ...process.env, LOG_FORMAT: undefined, NO_COLOR: undefined };

describe('the log format, LOG_FORMAT unset', () => {
  it('is readable lines in colour on a terminal (a pseudo-terminal from script(1))', () => {
    const output = execFileSync('script', ['-qec', `${JSON.stringify(process.execPath)} -e ${JSON.stringify(LOGS)}`, '/dev/null'], { env, encoding: 'utf8' });
    // Colour codes, the level and the message on one line, the fields below: not JSON.
    expect(output).toContain('\u001b[');
    expect(output.replace(/\u001b\[[0-9;]*m/g, '')).toMatch(/INFO: one line\r?\n\s+feature: "research"/);
    expect(output).not.toContain('"msg"');
  });

  it('is one JSON object a line into a pipe or a file', () => {
    const output = execFileSync(process.execPath, ['-e', LOGS], { env, encoding: 'utf8' });
    expect(JSON.parse(output.trim())).toMatchObject({ level: 30, msg: 'one line', feature: 'research' });
  });
});
