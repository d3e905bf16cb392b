/** How a command shows its result: JSON for scripts (`--json`), aligned text for people. */
export interface Output {
  /** Prints `value` as JSON, or `text` (computed lazily) for people. */
  result(value: unknown, text: () => string): void;
  /** A line for the person running the command, on standard error in both modes (so `--json` output stays the result alone). */
  note(text: string): void;
}

export function createOutput(json: boolean, write: (text: string) => void = (text) => process.stdout.write(text), writeNote: (text: string) => void = (text) => process.stderr.write(text)): Output {
  return {
    result(value, text) {
      write(json ? `${JSON.stringify(value, null, 2)}\n` : `${text()}\n`);
    },
    note(text) {
      writeNote(`${text}\n`);
    },
  };
}

/** `key: value` lines, keys padded to one column. */
export function fields(entries: Record<string, unknown>): string {
  const width = Math.max(...Object.keys(entries).map((key) => key.length));
  return Object.entries(entries)
    .map(([key, value]) => `${`${key}:`.padEnd(width + 2)}${formatValue(value)}`)
    .join('\n');
}

/** A table with a header row; every cell is formatted like a field value. */
export function table(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return '(none)';
  const headers = Object.keys(rows[0]!);
  const cells = rows.map((row) => headers.map((header) => formatValue(row[header])));
  const widths = headers.map((header, i) => Math.max(header.length, ...cells.map((row) => row[i]!.length)));
  const line = (values: string[]) =>
    values
      .map((value, i) => value.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(headers), ...cells.map(line)].join('\n');
}

function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.join('; ');
  return String(value);
}
