import { cpSync, globSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { defineConfig } from 'tsup';

/** Files n8n reads next to each node: light and dark SVG icons and the codex (`*.node.json`). */
const ASSETS = ['nodes/**/*.svg', 'nodes/**/*.node.json', 'credentials/**/*.svg'];

export default defineConfig({
  entry: ['nodes/*/*.node.ts', 'credentials/*.credentials.ts'],
  outDir: 'dist',
  format: ['cjs'],
  target: 'node20',
  platform: 'node',
  tsconfig: 'tsconfig.n8n.json',
  // Keep nodes/<Name>/<Name>.node.js and credentials/<Name>.credentials.js: n8n loads them by path.
  outExtension: () => ({ js: '.js' }),
  bundle: true,
  splitting: false,
  sourcemap: false,
  clean: true,
  dts: false,
  external: ['n8n-workflow'],
  onSuccess: async () => {
    for (const pattern of ASSETS) {
      for (const file of globSync(pattern)) {
        const target = join('dist', file);
        mkdirSync(dirname(target), { recursive: true });
        cpSync(file, target);
      }
    }
  },
});
