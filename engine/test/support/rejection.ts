import { expect } from 'vitest';

/** The error `promise` rejects with, asserted to be a `type`; a promise that resolves fails the test. */
export async function rejection<E extends Error>(promise: Promise<unknown>, type: abstract new (...args: never[]) => E): Promise<E> {
  const error = await promise.then(
    () => {
      throw new Error(`expected a ${type.name}, but the call succeeded`);
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(type);
  return error as E;
}
