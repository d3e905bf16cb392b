import { readFileSync } from 'node:fs';

/** The engine's version, from engine/package.json: on `GET /health`, `prospect-engine --version`, the start log and `prospect_build_info`. */
export const ENGINE_VERSION: string = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
