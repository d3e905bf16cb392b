/**
 * Settles as `promise` does, or rejects with the signal's reason as soon as `signal` aborts, whichever
 * comes first. `promise` is always handled, even when the signal had aborted before the call: work
 * that fails after the race is lost never becomes an unhandled rejection.
 */
export function raceSignal<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}
