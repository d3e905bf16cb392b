/**
 * Runs n8n's verification scan, as installed in <scanner folder>, on the two legs its CLI lints, and prints
 * one JSON line: per leg, what its unmodified `analyzePackage` answers and ESLint's report with the given
 * rules off ('' when nothing else failed).
 *
 *   node scan.ts <scanner folder> <source folder> <unpacked tarball folder> [rule to switch off]...
 *
 * A program of its own rather than part of the test: eslint-plugin-n8n-nodes-base fakes every file name
 * when NODE_ENV is `test` (for its own tests), which the test runner sets.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import type { ESLint as ESLintClass, Linter } from 'eslint';

interface ScanResult {
  passed: boolean;
  message?: string;
  details?: string;
}

interface Scanner {
  analyzePackage(packageDir: string, filePatterns: string[]): Promise<ScanResult>;
  buildScanConfig(): Promise<Linter.Config[]>;
  SOURCE_FILE_PATTERNS: string[];
}

async function main(scannerDir: string, sourceDir: string, tarballDir: string, rulesOff: string[]): Promise<void> {
  const scannerPath = createRequire(join(scannerDir, 'package.json')).resolve('@n8n/scan-community-package/scanner/scanner.mjs');
  // The scanner's own modules, resolved from where it imports them.
  const fromScanner = createRequire(scannerPath);
  // It makes a temporary folder as it loads and would leave it behind.
  (fromScanner('tmp') as { setGracefulCleanup(): void }).setGracefulCleanup();
  const scanner = (await import(pathToFileURL(scannerPath).href)) as Scanner;
  const { ESLint } = fromScanner('eslint') as { ESLint: typeof ESLintClass };
  const glob = fromScanner('fast-glob') as { sync(patterns: string[], options: object): string[] };
  const off: Linter.Config = { rules: Object.fromEntries(rulesOff.map((rule) => [rule, 'off'])) };
  const config = [...(await scanner.buildScanConfig()), off];

  // What analyzePackage does, with the rules off (it has no way to switch one off).
  async function lint(dir: string, patterns: string[]): Promise<string> {
    const eslint = new ESLint({ cwd: dir, allowInlineConfig: false, overrideConfigFile: true, overrideConfig: config });
    const files = glob.sync(patterns, { cwd: dir, absolute: true, ignore: ['node_modules/**', '**/package-lock.json'] });
    if (files.length === 0) return `no files in ${dir} match ${patterns.join(', ')}`;
    const results = await eslint.lintFiles(files);
    if (results.every((result) => result.errorCount === 0)) return '';
    return stripVTControlCharacters(await (await eslint.loadFormatter('stylish')).format(results));
  }

  const legs = [
    { name: 'source', dir: sourceDir, patterns: scanner.SOURCE_FILE_PATTERNS },
    // As analyzePackageByName lints the downloaded tarball (these patterns are not exported).
    { name: 'tarball', dir: tarballDir, patterns: ['**/*.js', 'package.json'] },
  ];
  const reports = [];
  for (const leg of legs) {
    reports.push({ ...leg, scan: await scanner.analyzePackage(leg.dir, leg.patterns), withRulesOff: await lint(leg.dir, leg.patterns) });
  }
  process.stdout.write(`\n${JSON.stringify(reports)}\n`);
}

const [scannerDir, sourceDir, tarballDir, ...rulesOff] = process.argv.slice(2);
if (!scannerDir || !sourceDir || !tarballDir) {
  process.stderr.write('usage: node scan.ts <scanner folder> <source folder> <unpacked tarball folder> [rule to switch off]...\n');
  process.exitCode = 2;
} else {
  main(scannerDir, sourceDir, tarballDir, rulesOff).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  });
}
