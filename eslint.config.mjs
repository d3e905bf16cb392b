// n8n's own community-node lint rules (@n8n/eslint-plugin-community-nodes, recommended config), applied
// to the n8n package: its sources (nodes/, credentials/) and its package.json. The engine has its own
// conventions.
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import tsParser from '@typescript-eslint/parser';

const { recommended } = n8nCommunityNodesPlugin.configs;

export default [
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
];
