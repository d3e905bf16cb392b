import Type, { type Static } from 'typebox';
import { MULTI_LINE, ONE_LINE } from '../platform/validation/patterns.ts';
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

const line = (maxLength: number, description: string) => Type.String({ minLength: 1, maxLength, pattern: ONE_LINE, description });
const lines = (description: string) => Type.Array(line(300, 'One item, in one line.'), { minItems: 1, maxItems: 30, description });

/** `PUT /product`: the product research is written against; each PUT makes a new one the account's current product. */
export const productInputSchema = Type.Object(
  {
    name: line(200, 'What the product is called.'),
    description: Type.String({ minLength: 1, maxLength: 4000, pattern: MULTI_LINE, description: 'What it does and for whom, in a few sentences.' }),
    features: lines('Its key features: briefs look for the needs they answer.'),
    customers: lines('Who buys it: briefs say how the prospect fits.'),
  },
  { additionalProperties: false },
);
export type ProductInputBody = Static<typeof productInputSchema>;

/** `GET /product` and `PUT /product`'s answer: the account's current product. */
export const productViewSchema = Type.Object(
  {
    name: Type.String(),
    description: Type.String(),
    features: Type.Array(Type.String()),
    customers: Type.Array(Type.String()),
    updated_at: Type.String({ description: 'When it became the current product, ISO 8601 with offset.' }),
  },
  { additionalProperties: false },
);
export type ProductView = Static<typeof productViewSchema>;
/** An API key as the account's owner sees it: never the key itself, which exists only in the answer that created it. */
export const apiKeyViewSchema = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    label: Type.String({ description: 'What the owner called it; empty for keys made without one.' }),
    hint: Type.String({ description: 'The prefix and the last four characters.' }),
    created_at: Type.String({ description: 'ISO 8601 with offset' }),
    revoked_at: Type.Union([Type.String({ description: 'ISO 8601 with offset' }), Type.Null()]),
  },
  { additionalProperties: false },
);
export type ApiKeyView = Static<typeof apiKeyViewSchema>;

export const apiKeyListSchema = Type.Object({ keys: Type.Array(apiKeyViewSchema) }, { additionalProperties: false });
export type ApiKeyList = Static<typeof apiKeyListSchema>;

/** `POST /keys`: the only answer that holds the key itself. */
export const newApiKeySchema = Type.Object({ ...apiKeyViewSchema.properties, key: Type.String({ description: 'The key: shown this once, stored only as a hash.' }) }, { additionalProperties: false });
export type NewApiKeyView = Static<typeof newApiKeySchema>;

export const MAX_KEY_LABEL_LENGTH = 80;

export const newApiKeyRequestSchema = Type.Object(
  { label: Type.String({ minLength: 1, maxLength: MAX_KEY_LABEL_LENGTH, description: 'A name to tell the key apart by, such as "n8n production".' }) },
  { additionalProperties: false },
);
