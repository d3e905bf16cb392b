import { afterAll, expect } from 'vitest';
import { takeResponseViolations } from '../../src/platform/http/openapi/responseCheck.ts';

// Every test file: no answer its engines gave broke its route's response schema (each is also answered 500).
afterAll(() => {
  expect(takeResponseViolations()).toEqual([]);
});
