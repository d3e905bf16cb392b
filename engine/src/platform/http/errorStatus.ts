import { type ErrorCode, type ErrorStatuses, PLATFORM_ERRORS } from '../errors.ts';

/** Every code the HTTP layer can answer, with its status: the platform's, then those the composition registers. */
const statuses = new Map<ErrorCode, number>(Object.entries(PLATFORM_ERRORS) as [ErrorCode, number][]);

/**
 * Makes a feature's error codes known to the HTTP layer (the composition registers each module's
 * `FeatureModule.errors`). Registering a code again is harmless; giving it another status is a bug.
 */
export function registerErrors(declared: ErrorStatuses): void {
  for (const [code, status] of Object.entries(declared) as [ErrorCode, number][]) {
    const known = statuses.get(code);
    if (known !== undefined && known !== status) throw new Error(`error code ${code} is declared with status ${known} and ${status}`);
    statuses.set(code, status);
  }
}

/** The HTTP status `code` answers with; 500 for a code no registered feature declares (the error handler logs it). */
export function errorStatus(code: ErrorCode): number {
  return statuses.get(code) ?? 500;
}

/** Every registered code with its status. */
export function knownErrors(): ReadonlyMap<ErrorCode, number> {
  return statuses;
}
