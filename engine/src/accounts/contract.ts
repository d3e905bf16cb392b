import Type, { type Static } from 'typebox';
import { LANGUAGES, PLANS } from './accounts.ts';

/** `GET /account`: who the key belongs to, its credits in the current cycle, and the product its briefs are written for. */
export const accountViewSchema = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    name: Type.String(),
    plan: Type.Enum(PLANS),
    language: Type.Enum(LANGUAGES, { description: 'The language generated text is written in.' }),
    decision_makers: Type.Boolean({ description: 'Whether briefs look for the company’s decision makers.' }),
    credits: Type.Object(
      {
        used: Type.Integer({ minimum: 0 }),
        limit: Type.Integer({ minimum: 0 }),
        remaining: Type.Integer({ minimum: 0 }),
        cycle_started_at: Type.String({ description: 'ISO 8601 with offset' }),
        resets_at: Type.String({ description: 'ISO 8601 with offset' }),
      },
      { additionalProperties: false },
    ),
    product: Type.Union([
      Type.Object({ name: Type.String(), description: Type.String(), features: Type.Array(Type.String()), customers: Type.Array(Type.String()) }, { additionalProperties: false }),
      Type.Null(),
    ]),
  },
  { additionalProperties: false },
);
export type AccountView = Static<typeof accountViewSchema>;
