/**
 * Problems with a document, in words the person who wrote it reads: a CRM admin's Autopilot, a body
 * sent to the API, a file given to the CLI. Each names where it is (a JSON Pointer, and in words:
 * `where`) and what is wrong. Validation does not stop at the first: it collects them all.
 */

/**
 * How much a problem weighs. `error`: the document is refused. `blocks_enabling`: it may be stored
 * switched off, but not switched on. `warning`: stored, but probably not what was meant.
 * (The Autopilot's contract publishes the same list as a JSON Schema; a test keeps the two alike.)
 */
export const SEVERITIES = ['error', 'blocks_enabling', 'warning'] as const;
export type Severity = (typeof SEVERITIES)[number];

/**
 * One problem: `path` is a JSON Pointer into the document ("" for the whole of it). A type, not an
 * interface, so that a list of them is an error body's plain detail (platform/errors.ts).
 */
export type Problem = {
  severity: Severity;
  path: string;
  message: string;
};

/** A JSON Pointer (RFC 6901) from path segments: `pointer('filter', 'rules', 0)` is `/filter/rules/0`. */
export function pointer(...segments: (string | number)[]): string {
  return segments.map((segment) => `/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

/** The segments of a JSON Pointer, unescaped: the reverse of `pointer`. */
export function segmentsOf(path: string): string[] {
  return path === ''
    ? []
    : path
        .slice(1)
        .split('/')
        .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/**
 * The lists of the engine's documents, by the word for one of their items (a field named `rules` holds
 * rules). Lists are numbered from 1 for people: `/filter/rules/1/values/0` reads "Rule 2, value 1". A
 * list not named here reads as a field with its index (`"headers.0"`).
 */
export const ITEM_WORDS: Readonly<Record<string, string>> = {
  rules: 'rule',
  values: 'value',
  sequence: 'step',
  channels: 'channel',
  questions: 'question',
  property_changes: 'property change',
  excluded_domains: 'excluded domain',
  signals: 'signal',
  names: 'name',
  contacts: 'contact',
};

/**
 * Where a path points, in words: items of a list by their list and number, fields by their name as
 * written in the document, dotted: `Rule 2: "operator"`, `Step 3: "channel"`, `"goal.type"`,
 * `Rule 1, value 2`. A field before a list item is left out: "Rule 2" says where it is.
 */
export function where(path: string): string {
  const segments = segmentsOf(path);
  if (segments.length === 0) return 'The document';
  const items: string[] = [];
  let fields: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const next = segments[i + 1];
    if (next !== undefined && /^\d+$/.test(next) && ITEM_WORDS[segment]) {
      items.push(`${ITEM_WORDS[segment]} ${Number(next) + 1}`);
      fields = [];
      i++;
    } else {
      fields.push(segment);
    }
  }
  const field = fields.length > 0 ? `"${fields.join('.')}"` : '';
  const text = items.length > 0 && field ? `${items.join(', ')}: ${field}` : items.join(', ') || field;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Collects problems as a validation walks a document: `prepare` adds what cannot be stored,
 * `schemaCheck` what breaks the JSON Schema, and the caller its own rules (`error`, `blocksEnabling`,
 * `warning`). A caller checks `hasErrors` at the end and refuses with `list`.
 */
export class Problems {
  readonly list: Problem[] = [];

  add(severity: Severity, path: string, message: string): void {
    this.list.push({ severity, path, message });
  }

  error(path: string, message: string): void {
    this.add('error', path, message);
  }

  blocksEnabling(path: string, message: string): void {
    this.add('blocks_enabling', path, message);
  }

  warning(path: string, message: string): void {
    this.add('warning', path, message);
  }

  /** Whether an error was recorded at `path` or below it. */
  hasErrorAt(path: string): boolean {
    return this.list.some((problem) => problem.severity === 'error' && (problem.path === path || problem.path.startsWith(`${path}/`)));
  }

  get hasErrors(): boolean {
    return this.list.some((problem) => problem.severity === 'error');
  }
}

/** Problems as lines for people (the CLI): `error: Rule 2, "operator": ...`. */
export function problemLines(problems: readonly Problem[]): string[] {
  return problems.map((problem) => `  ${problem.severity.replace('_', ' ')}: ${problem.message}`);
}

/** A value shown inside a message: text quoted, long text cut, other values as JSON. */
export function shown(value: unknown, max = 60): string {
  if (typeof value === 'string') return JSON.stringify(value.length > max ? `${value.slice(0, max)}…` : value);
  if (value === undefined) return 'nothing';
  const json = JSON.stringify(value);
  return json.length > max ? `${json.slice(0, max)}…` : json;
}
