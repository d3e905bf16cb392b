import type { Problem, Severity } from '../../autopilot/contract.ts';

export type { Problem, Severity };

/** A JSON Pointer (RFC 6901) from path segments: `pointer('filter', 'rules', 0)` is `/filter/rules/0`. */
export function pointer(...segments: (string | number)[]): string {
  return segments.map((segment) => `/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

export function segmentsOf(path: string): string[] {
  return path === '' ? [] : path.slice(1).split('/').map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** Lists are numbered from 1 for people: `/filter/rules/1/values/0` reads "Rule 2, value 1". */
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

/** Collects problems as a validation walks a document. */
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
