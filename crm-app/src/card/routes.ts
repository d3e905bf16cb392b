import { AppError, checkedByHandler, type Clock, closeLead, DurationEstimate, errorCodes, example, type HttpScopes, type Pool, refusing } from '@prospect-research/engine';
import { type LeadClosed, leadClosedSchema, leadDetailSchema, TOUCH_KINDS, CHANNELS } from '@prospect-research/engine/autopilot-contract';
import { researchStatusSchema } from '@prospect-research/engine/contract';
import Type from 'typebox';
import { ROUTES, type HubSpotSettings } from '../settings.ts';
import { callerOf, signedScope } from '../signed/signedScope.ts';
import { CONTACT_ID, type CardView, contactOf, readCard } from './cardData.ts';
import { portalUnclaimed, REQUEST_KEY, researchAgain, type ResearchStarted } from './researchAgain.ts';

interface Dependencies {
  pool: Pool;
  settings: HubSpotSettings;
  clock: Clock;
}

const nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const tags = ['HubSpot app card'];

/** What every signed route answers before its handler runs (signedScope), and a contact id that is no HubSpot id. */
const SIGNED_ERRORS = [{ code: 'invalid_signature', status: 401 }, 'payload_too_large', 'portal_not_found'] as const;

const notThisPortals = () => new AppError('contact_not_found', { message: 'No contact of this HubSpot account has that id' });

const contactParams = example(
  refusing(Type.Object({ contact_id: Type.String({ pattern: CONTACT_ID.source, description: "The HubSpot contact's id (hs_object_id), of the calling portal" }) }), {
    error: notThisPortals,
  }),
  { contact_id: '1201' },
);

const AT = '2026-11-27T10:00:00.000+00:00';

const cardViewSchema = Type.Object(
  {
    portal_id: Type.Integer(),
    contact_id: Type.String(),
    state: Type.Enum(['unclaimed', 'not_received', 'received'], {
      description: '`unclaimed`: the portal is not linked to an account yet; `not_received`: the engine has no such contact of this portal; `received`: it has.',
    }),
    text: Type.String({ description: 'What the card says first, in words.' }),
    email: nullable(Type.String()),
    research: nullable({ ...researchStatusSchema, $id: undefined, description: "The contact's newest research: its lead's, or one started from the card since." }),
    lead: nullable({ ...leadDetailSchema, $id: undefined, description: 'The lead and its timeline; null when the contact is no lead.' }),
    next_touch: nullable(
      Type.Object(
        {
          step: Type.Integer({ minimum: 1 }),
          day: Type.Integer({ minimum: 1 }),
          channel: Type.Enum(CHANNELS),
          kind: Type.Enum(TOUCH_KINDS),
          due_at: Type.String(),
          held_reason: nullable(Type.String()),
        },
        { additionalProperties: false, description: 'The first touch still to go out, while the lead is Active.' },
      ),
    ),
    can_research: Type.Boolean({ description: '"Research again" is offered: a contact with an address, of a claimed portal.' }),
    can_close: Type.Boolean({ description: '"Close lead" changes something: the lead is Active.' }),
    credits: nullable(
      Type.Object(
        { remaining: Type.Integer({ minimum: 0 }), limit: Type.Integer({ minimum: 0 }), resets_at: Type.String() },
        { additionalProperties: false, description: "The account's credits this billing month." },
      ),
    ),
    dashboard_url: nullable(Type.String({ description: "The lead's page in the dashboard." })),
  },
  { additionalProperties: false },
);

const researchStartedSchema = Type.Object(
  {
    started: Type.Boolean({ description: 'False when nothing was started: the same request came before (`replayed`), or a research of the contact was already under way.' }),
    replayed: Type.Boolean(),
    text: Type.String({ description: 'What happened, in words.' }),
    research: { ...researchStatusSchema, $id: undefined },
  },
  { additionalProperties: false },
);

const CARD_EXAMPLE: CardView = {
  portal_id: 12345,
  contact_id: '1201',
  state: 'received',
  text: 'A lead of the Autopilot "German manufacturers" (Active); being researched.',
  email: 'jane.doe@ledgerly.example',
  research: { research_id: '0b6f2c9e-4d1a-4b7e-9a55-3f2d8c1e7a10', status: 'processing', estimated_seconds: 30 },
  lead: {
    id: 17,
    contact_id: '1201',
    contact_source: 'hubspot:12345',
    email: 'jane.doe@ledgerly.example',
    autopilot: 'German manufacturers',
    autopilot_id: 2,
    autopilot_revision: 3,
    enrolled_by: 'matched',
    outcome: 'Active',
    end_reason: null,
    research_id: '0b6f2c9e-4d1a-4b7e-9a55-3f2d8c1e7a10',
    research_reused: false,
    enrolled_at: AT,
    ended_at: null,
    timeline: [{ type: 'enrolled', at: AT, autopilot: 'German manufacturers', enrolled_by: 'matched' }],
  },
  next_touch: { step: 1, day: 1, channel: 'email', kind: 'email', due_at: '2026-11-28T09:00:00.000+00:00', held_reason: null },
  can_research: true,
  can_close: true,
  credits: { remaining: 420, limit: 500, resets_at: '2026-12-01T00:00:00.000Z' },
  dashboard_url: 'https://research.example.com/app/leads/17',
};

const SCHEMAS = {
  card: {
    summary: "A contact's card",
    description:
      "For the app card on a HubSpot contact (`hubspot.fetch`, signed by HubSpot): the contact's research brief, its lead with its timeline and next touch, the account's credits, and the lead's dashboard page. Only the calling portal's contact: an id of another portal's contact answers `not_received`.",
    tags,
    operationId: 'getHubSpotCard',
    params: contactParams,
    errors: errorCodes(...SIGNED_ERRORS, 'contact_not_found'),
    response: { 200: example(cardViewSchema, CARD_EXAMPLE) },
  },
  research: {
    summary: 'Research a contact again',
    description:
      '"Research again" on the card: a new research of the contact\'s address, one credit. `request_key` is one per click: the same key again (HubSpot retries a failed request once) answers the same research and takes no other credit; so does any request while a research of the contact is under way.',
    tags,
    operationId: 'researchHubSpotContactAgain',
    params: contactParams,
    body: checkedByHandler(
      example(Type.Object({ request_key: Type.String({ pattern: REQUEST_KEY.source, description: '8 to 100 letters, digits, - or _; a new one per click' }) }), {
        request_key: 'b2f1c7e0-5d3a-4e8f-9c21-7a6b4d0e1f33',
      }),
    ),
    errors: errorCodes(
      ...SIGNED_ERRORS,
      'invalid_body',
      'contact_not_found',
      'contact_not_routable',
      'portal_unclaimed',
      'credits_exhausted',
      'trial_limit_reached',
      'api_key_has_no_product',
      'idempotency_key_reused',
    ),
    response: {
      202: example(researchStartedSchema, {
        started: true,
        replayed: false,
        text: 'Research started: it took one credit. The brief shows here when it is done, usually within a minute.',
        research: { research_id: '0b6f2c9e-4d1a-4b7e-9a55-3f2d8c1e7a10', status: 'queued' },
      }),
    },
  },
  close: {
    summary: "Close a contact's lead",
    description:
      '"Close lead" on the card, as `POST /autopilot/leads/{id}/close` does: `Closed`, "Closed manually", its queued touches cancelled; it cannot be undone. Again, or for a lead that had ended, it changes nothing (`closed: false`).',
    tags,
    operationId: 'closeHubSpotContactLead',
    params: contactParams,
    errors: errorCodes(...SIGNED_ERRORS, 'contact_not_found', 'lead_not_found', 'portal_unclaimed'),
    response: {
      200: example(leadClosedSchema, {
        closed: true,
        text: 'Closed manually: its queued touches are cancelled. This cannot be undone.',
        lead: { ...CARD_EXAMPLE.lead!, timeline: undefined, outcome: 'Closed', end_reason: 'closed_manually', ended_at: AT } as unknown as LeadClosed['lead'],
      }),
    },
  },
};

/**
 * The app card's routes (README.md, "The card"), in a signed scope: HubSpot's v3 signature, our app and
 * an installed portal are checked before any of them runs, and each answers for the calling portal's
 * contacts only. `GET /hubspot/card/contacts/{contact_id}`, `POST .../research` (one credit, once per
 * `request_key`), `POST .../close`.
 */
export function cardRoutes(open: HttpScopes['open'], { pool, settings, clock }: Dependencies): void {
  const estimate = new DurationEstimate(pool);
  signedScope(open, { pool, settings, clock }, (scope) => {
    scope.get(ROUTES.card, { schema: SCHEMAS.card }, async (request): Promise<CardView> => {
      const { contact_id } = request.params as { contact_id: string };
      return readCard({ pool, publicUrl: settings.publicUrl, estimate }, callerOf(request), contact_id);
    });

    scope.post(`${ROUTES.card}/research`, { schema: SCHEMAS.research }, async (request, reply): Promise<ResearchStarted> => {
      const { contact_id } = request.params as { contact_id: string };
      const body = request.body as { request_key?: unknown } | null | undefined;
      const key = typeof body === 'object' && body !== null && !Array.isArray(body) ? body.request_key : undefined;
      if (typeof key !== 'string' || !REQUEST_KEY.test(key)) {
        throw new AppError('invalid_body', { message: 'request_key must be 8 to 100 letters, digits, - or _ (a new one for each click of "Research again")' });
      }
      const started = await researchAgain(pool, estimate, callerOf(request), contact_id, key);
      void reply.code(202);
      return started;
    });

    // A body, if any, says nothing: the address names the contact, whose lead is closed.
    scope.post(`${ROUTES.card}/close`, { schema: SCHEMAS.close }, async (request): Promise<LeadClosed> => {
      const { contact_id } = request.params as { contact_id: string };
      const caller = callerOf(request);
      if (caller.accountId === null) throw portalUnclaimed(caller.portalId);
      const contact = await contactOf(pool, caller.accountId, caller.portalId, contact_id);
      if (contact === undefined || contact.erased_at !== null) throw notThisPortals();
      if (contact.lead === null) throw new AppError('lead_not_found', { message: 'This contact is not a lead: there is nothing to close.' });
      return closeLead(pool, caller.accountId, contact.lead.id, clock);
    });
  });
}
