import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestIdFor } from '../../../src/platform/ops/requestId.ts';

const sent = (value?: string | string[]) => requestIdFor({ headers: value === undefined ? {} : { 'x-request-id': value } } as unknown as IncomingMessage);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('requestIdFor', () => {
  it("keeps the caller's id when it is 1 to 128 safe characters", () => {
    expect(sent('abc-123_x.y:z@edge')).toBe('abc-123_x.y:z@edge');
    expect(sent('7'.repeat(128))).toBe('7'.repeat(128));
    expect(sent(['first', 'second'])).toBe('first');
  });

  it('makes a UUID otherwise: none sent, empty, too long, or characters that could forge a log line', () => {
    for (const value of [undefined, '', '7'.repeat(129), 'a b', 'line\nbreak', '{"json":1}', 'é', 'a/b']) expect(sent(value), String(value)).toMatch(UUID);
    expect(sent()).not.toBe(sent());
  });
});
