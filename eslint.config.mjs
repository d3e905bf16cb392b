// n8n's own community-node lint rules (@n8n/eslint-plugin-community-nodes, recommended config),
// applied to the n8n package sources only: nodes/ and credentials/. The engine has its own conventions.
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import tsParser from '@typescript-eslint/parser';

export default [
	{
		...n8nCommunityNodesPlugin.configs.recommended,
		files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
		languageOptions: {
			parser: tsParser,
			parserOptions: { sourceType: 'module', ecmaVersion: 'latest' },
		},
	},
];
