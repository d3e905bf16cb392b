// Two sets of rules. The n8n package (nodes/, credentials/, package.json) follows n8n's own community-node
// rules (@n8n/eslint-plugin-community-nodes, recommended config). The engine, the HubSpot app, the bench
// and the cross-package tests follow typescript-eslint's recommended rules (the ones that need no type
// information, so linting stays a matter of seconds) and the engine's layering (see CONTRIBUTING.md).
import { readdirSync } from 'node:fs';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import tsParser from '@typescript-eslint/parser';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import enginePackage from './engine/package.json' with { type: 'json' };

const { recommended } = n8nCommunityNodesPlugin.configs;

/**
 * The engine's layers, from the bottom: a folder of engine/src may import only from folders of lower
 * layers (and from itself). The package's entries, the files at the top of engine/src (index.ts), stand
 * on top of everything.
 */
const ENGINE_LAYERS = [['platform'], ['integrations', 'accounts', 'senders', 'dashboard'], ['grounding', 'mailboxes'], ['people'], ['research'], ['events', 'autopilot'], ['demo'], ['app']];

/** What a folder shows the folders above it: its public face. The platform is the ground every folder stands on, so all of it is open. */
const PUBLIC_FACE = ['index.ts', 'contract.ts'];

const engineFolders = ENGINE_LAYERS.flat();
const layerOf = (folder) => ENGINE_LAYERS.findIndex((layer) => layer.includes(folder));

const engineSource = readdirSync(new URL('./engine/src/', import.meta.url), { withFileTypes: true });
const engineEntries = engineSource.filter((entry) => entry.isFile() && entry.name.endsWith('.ts')).map((entry) => `./engine/src/${entry.name}`);

// A new folder gets its place in the layers before anything else: unplaced, no rule would hold it.
const unplaced = engineSource.filter((entry) => entry.isDirectory() && entry.name !== 'types' && !engineFolders.includes(entry.name)).map((entry) => `engine/src/${entry.name}`);
if (unplaced.length > 0) throw new Error(`${unplaced.join(', ')}: not in ENGINE_LAYERS (eslint.config.mjs); give each its layer.`);

/** import-x's zones: for each folder, the folders of its own layer and above are off limits; below it, only their public faces are open. */
const layeringZones = engineFolders.flatMap((folder) => {
  const target = `./engine/src/${folder}`;
  const higherOrSideways = engineFolders.filter((other) => other !== folder && layerOf(other) >= layerOf(folder));
  const lower = engineFolders.filter((other) => other !== 'platform' && layerOf(other) < layerOf(folder));
  return [
    {
      target,
      from: [...higherOrSideways.map((other) => `./engine/src/${other}`), ...engineEntries],
      message: `engine/src/${folder} stands on layer ${layerOf(folder) + 1}: it imports only from lower layers (CONTRIBUTING.md, "Layers").`,
    },
    ...lower.map((other) => ({
      target,
      from: `./engine/src/${other}`,
      except: PUBLIC_FACE.map((file) => `./${file}`),
      message: `Reach engine/src/${other} through its public face (${PUBLIC_FACE.join(' or ')}).`,
    })),
  ];
});

/** The engine's own code stands on nothing else in the repository: the HubSpot app plugs into it, never the other way round. */
const engineStandsAlone = { target: './engine/src', from: ['./crm-app', './dashboard', './bench', './test', './nodes', './engine/test'], message: 'The engine imports nothing of the packages built on it, nor its own tests.' };

/** The HubSpot app, the bench and the cross-package tests use the engine as a package, through the entries in engine/package.json's "exports". */
const ENGINE_SUB_ENTRIES = Object.keys(enginePackage.exports).filter((entry) => entry !== '.').map((entry) => `${enginePackage.name}${entry.slice(1)}`);
const ENGINE_AS_PACKAGE = 'Import the engine through its package entries (engine/package.json "exports"), not its files.';
const enginePackageOnly = [
  { group: [`${enginePackage.name}/*`, ...ENGINE_SUB_ENTRIES.map((entry) => `!${entry}`)], message: ENGINE_AS_PACKAGE },
  { regex: String.raw`^(\.\./)+engine/`, message: ENGINE_AS_PACKAGE },
];

export default tseslint.config(
  {
    ...recommended,
    files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
    languageOptions: {
      parser: tsParser,
      parserOptions: { sourceType: 'module', ecmaVersion: 'latest' },
    },
  },
  {
    ...recommended,
    files: ['package.json'],
    // TypeScript's parser reads a .json file as one object expression, which the package rules expect.
    languageOptions: { parser: tsParser, parserOptions: { extraFileExtensions: ['.json'] } },
    rules: {
      ...recommended.rules,
      // The publisher's name and e-mail go in with publishing (the package is still private).
      '@n8n/community-nodes/valid-author': 'off',
    },
  },
  {
    files: ['engine/**/*.ts', 'engine/**/*.js', 'crm-app/**/*.ts', 'bench/**/*.ts', 'test/**/*.ts'],
    ignores: ['**/*.d.ts'],
    extends: [tseslint.configs.recommended],
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads the files an import names (for cycles) with TypeScript's parser.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/extensions': ['.ts', '.js'],
      'import-x/resolver-next': [createNodeResolver()],
    },
    rules: {
      // A leading underscore marks what is left unused on purpose (a rest sibling, a callback's first parameter).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // graphile-worker's task registry is a global namespace that each feature's tasks.ts extends.
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
      // Declaration merging adds a feature's entries to a registry with an empty interface that extends them.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      'import-x/no-restricted-paths': ['error', { zones: [...layeringZones, engineStandsAlone] }],
      'import-x/no-cycle': 'error',
      'import-x/no-duplicates': 'error',
    },
  },
  {
    // The dashboard: browser code, on typescript-eslint's recommended rules; it reaches the engine over HTTP only.
    files: ['dashboard/**/*.ts', 'dashboard/**/*.tsx'],
    ignores: ['**/*.d.ts', 'dashboard/dist/**'],
    extends: [tseslint.configs.recommended],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'no-restricted-imports': ['error', { patterns: [{ group: ['@prospect-research/engine', '@prospect-research/engine/*'], message: 'The dashboard calls the engine over HTTP; its types come from src/api/schema.d.ts.' }, { regex: String.raw`^(\.\./)+engine/`, message: 'The dashboard calls the engine over HTTP.' }] }],
    },
  },
  {
    // The HubSpot app card (React 18, built by HubSpot from its folder alone) and its component tests.
    files: ['crm-app/**/*.tsx'],
    extends: [tseslint.configs.recommended],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Tests read untyped JSON (fixtures, recorded requests, answers) by path, as `any`.
    files: ['engine/test/**/*.ts', 'crm-app/test/**/*.ts', 'test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['crm-app/**/*.ts', 'bench/**/*.ts', 'test/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: enginePackageOnly }] },
  },
  {
    // Last, so that it wins over the crm-app rule above for the card's own files.
    files: ['crm-app/src/app/cards/**/*.ts', 'crm-app/src/app/cards/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: String.raw`^\.\./`, message: 'HubSpot builds the cards folder on its own: import only from within it and its package.json.' },
            { group: ['@prospect-research/*'], message: 'HubSpot builds the cards folder on its own: the card reaches the engine with hubspot.fetch.' },
          ],
        },
      ],
    },
  },
);
