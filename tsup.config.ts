import { cpSync, globSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { defineConfig } from 'tsup';

/**
 * The published n8n package is assembled here, apart from the repository root (which is also the npm
 * workspaces root and has its own README for the engine): `npm pack build/n8n-package` packs it.
 */
const PACKAGE_DIR = 'build/n8n-package';

/** Files n8n reads next to each node: light and dark SVG icons and the codex (`*.node.json`). */
const ASSETS = ['nodes/**/*.svg', 'nodes/**/*.node.json', 'credentials/**/*.svg'];

/** What of the root package.json the published package keeps: no workspaces, scripts or devDependencies. */
const PUBLISHED_FIELDS = [
  'name',
  'version',
  'description',
  'keywords',
  'license',
  'homepage',
  'repository',
  'bugs',
  'author',
  'private',
  'engines',
  'files',
  'n8n',
  'peerDependencies',
  'peerDependenciesMeta',
];

function stagePackage(): void {
  for (const pattern of ASSETS) {
    for (const file of globSync(pattern)) {
      const target = join(PACKAGE_DIR, 'dist', file);
      mkdirSync(dirname(target), { recursive: true });
      cpSync(file, target);
    }
  }
  const root = JSON.parse(readFileSync('package.json', 'utf8')) as Record<string, unknown>;
  const manifest = Object.fromEntries(PUBLISHED_FIELDS.filter((field) => field in root).map((field) => [field, root[field]]));
  writeFileSync(join(PACKAGE_DIR, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // npm shows the package's README as its page: the one written for automation builders.
  cpSync('nodes/README.md', join(PACKAGE_DIR, 'README.md'));
  cpSync('LICENSE', join(PACKAGE_DIR, 'LICENSE'));
}

export default defineConfig({
  entry: ['nodes/*/*.node.ts', 'credentials/*.credentials.ts'],
  outDir: join(PACKAGE_DIR, 'dist'),
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
  // Node's built-ins stay `node:crypto`: unmistakably Node's, never a package of that name.
  removeNodeProtocol: false,
  onSuccess: async () => stagePackage(),
});
