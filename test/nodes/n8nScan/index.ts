/**
 * n8n's verification scan for community packages (@n8n/scan-community-package), run offline. Its CLI takes
 * a package from the npm registry, checks its provenance and lints two legs with n8n's rules: the source
 * checkout the provenance attests and the published tarball. Here the scanner's own code lints the same
 * two legs: this checkout as the source, our packed tarball as the published one. Provenance needs a
 * published package and is not checked.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/**
 * Both rules check one missing fact: `author` with the publisher's name and e-mail, which the package gets
 * when it is published. Until then they are off; everything else the scan checks must pass.
 */
export const AUTHOR_RULES = ['@n8n/community-nodes/valid-author', 'n8n-nodes-base/community-package-json-author-missing'];

export interface LegReport {
  name: 'source' | 'tarball';
  dir: string;
  /** What the scanner's unmodified `analyzePackage` answers; `details` is ESLint's report when it failed. */
  scan: { passed: boolean; message?: string; details?: string };
  /** ESLint's report of what failed with the rules passed to scanPackage off, '' when nothing did. */
  withRulesOff: string;
}

/**
 * Installs the scanner once (install-scanner.sh keeps it in a cache folder: about 20 s the first time, with
 * the npm registry) and scans the source folder and the unpacked tarball, with and without `rulesOff`.
 */
export function scanPackage(sourceDir: string, tarballDir: string, rulesOff: string[]): LegReport[] {
  const install = execFileSync('bash', [resolve(__dirname, 'install-scanner.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const scannerDir = install.trim().split('\n').pop()!;
  // Without NODE_ENV, as a user's shell runs the scanner (see scan.ts).
  const { NODE_ENV, ...env } = process.env;
  const output = execFileSync(process.execPath, [resolve(__dirname, 'scan.ts'), scannerDir, sourceDir, tarballDir, ...rulesOff], {
    encoding: 'utf8',
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(output.trim().split('\n').pop()!) as LegReport[];
}

/** The rules an ESLint stylish report names as failing, sorted and each once. */
export function failingRules(report: string): string[] {
  const rules = [...stripVTControlCharacters(report).matchAll(/^\s+\d+:\d+\s+error\s.*\s(\S+)$/gm)].map((match) => match[1]!);
  return [...new Set(rules)].sort();
}
