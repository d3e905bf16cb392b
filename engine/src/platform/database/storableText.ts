/** Text a column may hold: PostgreSQL refuses NUL and half a surrogate pair in text, and the column is bounded to `max` characters. */
export function storableText(text: string, max: number): string {
  const clean = text.replaceAll('\u0000', '');
  return (clean.length > max ? clean.slice(0, max) : clean).toWellFormed();
}
