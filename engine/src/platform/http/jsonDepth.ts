/**
 * How deep any JSON the engine reads may nest arrays and objects. Nothing legitimate comes near: an
 * Autopilot document is about 6 levels deep, a HubSpot batch 3, a Unipile webhook 4. A body nested
 * thousands of levels deep parses (V8's JSON.parse does not recurse) but overflows the stack of the
 * first recursive walk over it (a validator, a copy, JSON.stringify), so it is refused before parsing.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether JSON text nests arrays and objects more than `limit` levels deep (`[[1]]` is 2), found by one
 * pass over its characters counting brackets and braces outside strings: no parsing, no recursion, and
 * it stops at the first level too deep. Text that is not JSON at all is left for the parser to refuse.
 */
export function jsonTooDeep(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}
