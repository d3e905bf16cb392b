import Type, { type Static } from 'typebox';
import { ROLES } from '../platform/http/roles.ts';

const role = Type.Enum(ROLES, { description: '`member` reads and closes leads; `admin` also changes Autopilots, settings and channels; `owner` also manages people and API keys.' });
const accountRef = Type.Object({ id: Type.Integer({ minimum: 1 }), name: Type.String() }, { additionalProperties: false });

/** What a signed-in person is: who, acting in which account with which role, their other accounts, and the CSRF token their changes carry. */
export const sessionSchema = Type.Object(
  {
    user: Type.Object({ id: Type.Integer({ minimum: 1 }), email: Type.String(), name: Type.String() }, { additionalProperties: false }),
    account: accountRef,
    role,
    accounts: Type.Array(Type.Object({ id: Type.Integer({ minimum: 1 }), name: Type.String(), role }, { additionalProperties: false })),
    csrf_token: Type.String({ description: 'Send it as the `x-csrf-token` header on every change made with the session cookie.' }),
    expires_at: Type.String({ description: 'When the session ends if left idle (or at its absolute end, when sooner); ISO 8601 with offset.' }),
  },
  { additionalProperties: false },
);
export type SessionView = Static<typeof sessionSchema>;

export const signInSchema = Type.Object({ email: Type.String({ maxLength: 320 }), password: Type.String({ maxLength: 1000 }) }, { additionalProperties: false });
export type SignIn = Static<typeof signInSchema>;

export const accountChoiceSchema = Type.Object({ account_id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
export type AccountChoice = Static<typeof accountChoiceSchema>;

/** What a one-time link offers, for the page that takes it. */
export const invitationSchema = Type.Object(
  {
    email: Type.Union([Type.String(), Type.Null()], { description: 'Whom it is for; null on the first start’s owner invitation, whose owner gives an address on accepting.' }),
    account: accountRef,
    role,
    expires_at: Type.String({ description: 'ISO 8601 with offset' }),
  },
  { additionalProperties: false },
);
export type InvitationView = Static<typeof invitationSchema>;

export const acceptanceSchema = Type.Object(
  {
    password: Type.String({ maxLength: 1000, description: 'At least 12 characters.' }),
    name: Type.Optional(Type.String({ maxLength: 200 })),
    email: Type.Optional(Type.String({ maxLength: 320, description: 'Only on an invitation without an address (the first start’s owner): the address to sign in with.' })),
  },
  { additionalProperties: false },
);
export type AcceptanceBody = Static<typeof acceptanceSchema>;

export const tokenParams = Type.Object({ token: Type.String({ description: 'The token of the link' }) });
