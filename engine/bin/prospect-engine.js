#!/usr/bin/env node
// Plain JavaScript on purpose: this check must run on any Node.js, before TypeScript sources load.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(`prospect-engine needs Node.js 24 LTS or newer; this is Node.js ${process.versions.node}.`);
  process.exit(1);
}
await import('../src/app/cli/main.ts');
