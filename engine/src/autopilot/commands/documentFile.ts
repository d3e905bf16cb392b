import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { AppError } from '../../platform/errors.ts';

/** Aliases a YAML file may expand (the default), so a few lines cannot expand into gigabytes. */
const MAX_ALIASES = 100;

function unreadable(file: string, why: string): AppError {
  return new AppError('invalid_autopilot', {}, `${file}: ${why}`);
}

/**
 * The Autopilot documents in a file: JSON (`.json`) or YAML (anything else; YAML also reads JSON).
 * A file holds one document, a list of them, or several YAML documents separated by `---`.
 */
export async function readDocumentFile(file: string): Promise<unknown[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw unreadable(file, `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  const parsed = extname(file).toLowerCase() === '.json' ? parseJson(file, text) : parseYaml(file, text);
  const documents = parsed.length === 1 && Array.isArray(parsed[0]) ? (parsed[0] as unknown[]) : parsed;
  if (documents.length === 0) throw unreadable(file, 'holds no Autopilot');
  return documents;
}

function parseJson(file: string, text: string): unknown[] {
  try {
    return [JSON.parse(text)];
  } catch (error) {
    throw unreadable(file, `is not valid JSON: ${(error as Error).message}`);
  }
}

function parseYaml(file: string, text: string): unknown[] {
  try {
    const documents = parseAllDocuments(text, { prettyErrors: true, uniqueKeys: true });
    // A stream with nothing in it answers an empty list; a single result that is not a list of documents has errors.
    const list = Array.isArray(documents) ? documents : [documents];
    const errors = list.flatMap((document) => document.errors);
    if (errors.length > 0) throw unreadable(file, `is not valid YAML:\n${errors.map((error) => `  ${error.message.split('\n')[0]!.replace(/:$/, '')}`).join('\n')}`);
    return list.filter((document) => document.contents !== null).map((document) => document.toJS({ maxAliasCount: MAX_ALIASES }));
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable(file, `is not valid YAML: ${(error as Error).message}`);
  }
}
