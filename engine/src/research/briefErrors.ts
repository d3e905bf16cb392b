import { Ajv } from 'ajv';
import { type ResearchData, researchDataSchema } from './contract.ts';

const validate = new Ajv({ allErrors: true, strict: true }).compile<ResearchData>(researchDataSchema);

/** Undefined for a brief that keeps the contract, else ajv's messages (for logs; callers never see them). */
export function researchDataErrors(data: unknown): string[] | undefined {
  if (validate(data)) return undefined;
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? 'is invalid'}`);
}
