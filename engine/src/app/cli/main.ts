/** `prospect-engine`'s entry (bin/prospect-engine.js loads it once the Node version is checked). */
import { handleStopSignals } from './signals.ts';
import { engineModules } from '../modules.ts';
import { runCli } from './program.ts';

handleStopSignals();
process.exitCode = await runCli(process.argv.slice(2), await engineModules(), {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
