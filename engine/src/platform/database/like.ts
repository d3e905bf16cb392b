/** Text for a LIKE pattern that matches itself: `%`, `_` and `\` stand for themselves, not for wildcards. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);
