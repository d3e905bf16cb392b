import { Type } from 'typebox';

/**
 * One page of an account's senders (mailboxes, seats), oldest first, by keyset: `after` is the last id
 * of the page before, `limit` how many to answer. An account's senders are few (a ceiling each), so the
 * default page holds them all; the keyset keeps the list one indexed range scan however it is asked.
 */
export function senderPageQuery(max: number) {
  return Type.Object({
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: max, default: max, description: `How many to answer (at most ${max}, an account's most: by default the whole list).` })),
    after: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: 'The `next_after` of the page before.' })),
  });
}

export const nextAfterSchema = Type.Union([Type.Integer(), Type.Null()], { description: 'Pass as `after` for the next page; null on the last page.' });

/** The page's rows (asked one more than `limit`) and the `next_after` that follows them. */
export function pageOf<T extends { id: number }>(rows: T[], limit: number): { rows: T[]; nextAfter: number | null } {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  return { rows: page, nextAfter: more ? page.at(-1)!.id : null };
}
