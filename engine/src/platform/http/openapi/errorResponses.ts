import Type, { type TSchema } from 'typebox';
import type { ErrorCode } from '../../errors.ts';
import { SEVERITIES } from '../../validation/problems.ts';
import { errorStatus } from '../errorStatus.ts';

/** A code an extension answers with that the engine does not know (the HubSpot app's `invalid_signature`), with its status. */
export interface OwnError {
  code: string;
  status: number;
}

export type DeclaredError = ErrorCode | OwnError;

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The error codes the route answers besides those every route may (see the server), as
     * `errorCodes(...)`. Their statuses are read when the route is registered (`errorStatus`, once the
     * composition has made every feature's codes known), and become the schema's error responses.
     */
    errors?: readonly DeclaredError[];
  }
}

/** The codes a route answers by status, as its schema's error responses say them. */
type CodesByStatus = Map<number, Set<string>>;

/**
 * An error answer with one of `codes`: what `AppError.toBody` and the error handler write. `problems`
 * come with refused documents (each with its severity and path, or, for webhooks, a message alone).
 */
function errorBody(codes: readonly string[]): TSchema {
  return Type.Object(
    {
      error: Type.Enum(codes as [string, ...string[]]),
      message: Type.Optional(Type.String({ description: 'What was wrong, in words' })),
      problems: Type.Optional(
        Type.Array(Type.Object({ severity: Type.Optional(Type.Enum(SEVERITIES)), path: Type.Optional(Type.String()), message: Type.String() }, { additionalProperties: false }), {
          description: 'Every problem with the document, each with where it is (a JSON Pointer) and what is wrong',
        }),
      ),
      used: Type.Optional(Type.Integer({ description: "Credits used in the account's cycle" })),
      limit: Type.Optional(Type.Integer({ description: "The account's monthly credits" })),
      retry_after_seconds: Type.Optional(Type.Integer({ minimum: 1, description: 'When to try again (also in `Retry-After`)' })),
      required_role: Type.Optional(Type.String({ description: 'The least role that may do this' })),
      request_id: Type.Optional(Type.String({ description: 'The id the logs keep the failure under' })),
    },
    { additionalProperties: false, description: codes.length === 1 ? `\`${codes[0]}\`` : `One of ${codes.map((code) => `\`${code}\``).join(', ')}` },
  );
}

/** The codes of an error response `errorBody` made; undefined for any other response (an HTML page). */
const codesOf = (schema: unknown): string[] | undefined => (schema as { properties?: { error?: { enum?: string[] } } }).properties?.error?.enum;

/** The error codes a route answers besides those every route may, for its schema's `errors`. */
export function errorCodes(...errors: DeclaredError[]): readonly DeclaredError[] {
  return errors;
}

/**
 * `response` with `errors` among its error responses, one per status (codes it names already stay
 * once). A status the route answers with a page of its own (HTML) keeps it: its errors are that page.
 * Called when the route is registered.
 */
export function withErrors(response: Record<string, unknown>, errors: readonly DeclaredError[]): Record<string, unknown> {
  const byStatus: CodesByStatus = new Map();
  for (const [status, schema] of Object.entries(response)) {
    const codes = codesOf(schema);
    if (codes !== undefined) byStatus.set(Number(status), new Set(codes));
  }
  for (const error of errors) {
    const { code, status } = typeof error === 'string' ? { code: error, status: errorStatus(error) } : error;
    byStatus.set(status, (byStatus.get(status) ?? new Set()).add(code));
  }
  const merged: Record<string, unknown> = { ...response };
  for (const [status, codes] of byStatus) if (merged[status] === undefined || codesOf(merged[status]) !== undefined) merged[status] = errorBody([...codes]);
  return merged;
}
