import { checkedByHandler, type Clock, errorCodes, example, type HttpScopes, type Pool } from '@prospect-research/engine';
import type { FastifyRequest, FastifySchema } from 'fastify';
import Type from 'typebox';
import { type HubSpotSettings, ROUTES } from '../settings.ts';
import { callerOf, signedScope } from '../signed/signedScope.ts';
import { type ActionDependencies, enrolAction, researchAction, stopAction } from './actions.ts';
import { type Execution, invalidBody, parseExecution } from './executions.ts';
import { autopilotOptions, parseOptionsRequest } from './options.ts';

interface Dependencies extends ActionDependencies {
  pool: Pool;
  clock: Clock;
  settings: HubSpotSettings;
}

const tags = ['HubSpot workflow actions'];

/** The signature headers HubSpot sends: v3 (checked first), or v2 alone, as its custom action guide says. */
const SIGNATURE_HEADERS = checkedByHandler(
  Type.Object({
    'x-hubspot-signature-v3': Type.Optional(Type.String()),
    'x-hubspot-request-timestamp': Type.Optional(Type.String()),
    'x-hubspot-signature': Type.Optional(Type.String()),
    'x-hubspot-signature-version': Type.Optional(Type.String()),
  }),
);

const SIGNED_ERRORS = errorCodes('invalid_body', 'payload_too_large', { code: 'invalid_signature', status: 401 }, 'portal_not_found');
/** An execution whose contact HubSpot sent no properties of, and HubSpot could not be asked for them: 503, which HubSpot retries. */
const EXECUTION_ERRORS = errorCodes('invalid_body', 'payload_too_large', { code: 'invalid_signature', status: 401 }, 'portal_not_found', 'service_unavailable');

const EXECUTION = {
  callbackId: 'ap-102670506-56776413549-7-0',
  origin: { portalId: 12345, actionDefinitionId: 10646377, actionDefinitionVersion: 1 },
  context: { source: 'WORKFLOWS', workflowId: 192814114 },
  object: { objectId: 904, objectType: 'CONTACT', properties: { email: 'ada@acme-analytics.com', firstname: 'Ada' } },
  inputFields: { autopilot: 'EMEA SaaS' },
} as const;

const originSchema = Type.Object(
  { portalId: Type.Integer(), actionDefinitionId: Type.Optional(Type.Integer()), actionDefinitionVersion: Type.Optional(Type.Integer()) },
  { additionalProperties: true },
);

const executionBody = (inputFields: Record<string, string>) =>
  checkedByHandler(
    example(
      Type.Object(
        {
          callbackId: Type.String({ description: "HubSpot's id of the execution, the same on every retry: a repeat answers what the first decided" }),
          context: Type.Optional(Type.Object({ source: Type.String(), workflowId: Type.Optional(Type.Integer()) }, { additionalProperties: true })),
          origin: originSchema,
          object: Type.Object({ objectId: Type.Integer(), objectType: Type.Literal('CONTACT'), properties: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Null()]))) }),
          inputFields: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
        },
        { description: 'A workflow action execution, as HubSpot sends it' },
      ),
      { ...EXECUTION, inputFields },
    ),
  );

const answerSchema = <T extends Type.TProperties>(fields: T) =>
  Type.Object(
    {
      outputFields: Type.Object(
        {
          ...fields,
          hs_execution_state: Type.Enum(['SUCCESS', 'BLOCK'], { description: 'SUCCESS: the outputs are final; BLOCK: HubSpot waits until the app completes the execution (callbacks API)' }),
          hs_expiration_duration: Type.Optional(Type.String({ description: 'How long HubSpot waits for a blocked execution (ISO 8601)' })),
        },
        { additionalProperties: false },
      ),
    },
    { additionalProperties: false },
  );

const reason = Type.Optional(Type.String({ description: 'Why, in words' }));

const SCHEMAS = {
  options: {
    summary: 'The Autopilots a workflow may enrol contacts in',
    description:
      'The options of the "Enrol in an Autopilot" action\'s `autopilot` field, which HubSpot fetches while an admin sets up a workflow: the account\'s switched-on Autopilots by name, in routing order (`fetchOptions.q` searches their names). An unclaimed portal gets one option saying so. Signed by HubSpot.',
    tags,
    operationId: 'hubspotWorkflowAutopilotOptions',
    headers: SIGNATURE_HEADERS,
    body: checkedByHandler(
      example(
        Type.Object({
          origin: originSchema,
          inputFieldName: Type.Optional(Type.String()),
          inputFields: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
          fetchOptions: Type.Optional(Type.Object({ q: Type.Optional(Type.String()) })),
        }),
        {
          origin: { portalId: 12345, actionDefinitionId: 10646377, actionDefinitionVersion: 1 },
          inputFieldName: 'autopilot',
          inputFields: {},
          fetchOptions: { q: 'emea' },
        },
      ),
    ),
    errors: SIGNED_ERRORS,
    response: {
      200: example(
        Type.Object(
          {
            options: Type.Array(Type.Object({ label: Type.String(), value: Type.String(), description: Type.String() }, { additionalProperties: false })),
            searchable: Type.Boolean(),
          },
          { additionalProperties: false },
        ),
        { options: [{ label: 'EMEA SaaS', value: 'EMEA SaaS', description: "Position 1: its filter is not asked, routing's skip rules still are" }], searchable: true },
      ),
    },
  },
  enrol: {
    summary: 'Enrol in an Autopilot (workflow action)',
    description:
      'The contact enters the Autopilot chosen in the workflow: its filter is not asked; the skip rules (role and free-mail addresses when the account skips them, excluded domains, unsubscribed addresses) still are, and a contact is a lead once. Outputs `status` (enrolled, skipped, waiting) and `reason`. Signed by HubSpot.',
    tags,
    operationId: 'hubspotWorkflowEnrol',
    headers: SIGNATURE_HEADERS,
    body: executionBody({ autopilot: 'EMEA SaaS' }),
    errors: EXECUTION_ERRORS,
    response: {
      200: example(answerSchema({ status: Type.Optional(Type.Enum(['enrolled', 'skipped', 'waiting'])), reason }), {
        outputFields: {
          status: 'enrolled',
          reason: 'Enrolled in "EMEA SaaS" (position 1) by a CRM workflow (its filter is not asked); research 5b0c… started (1 credit)',
          hs_execution_state: 'SUCCESS',
        },
      }),
    },
  },
  stop: {
    summary: 'Stop the Autopilot lead (workflow action)',
    description: "The contact's active lead is closed manually, its queued touches cancelled. Outputs `status` (closed, not_active, no_lead) and `reason`. Signed by HubSpot.",
    tags,
    operationId: 'hubspotWorkflowStop',
    headers: SIGNATURE_HEADERS,
    body: executionBody({}),
    errors: SIGNED_ERRORS,
    response: {
      200: example(answerSchema({ status: Type.Optional(Type.Enum(['closed', 'not_active', 'no_lead'])), reason }), {
        outputFields: { status: 'closed', reason: 'Lead 17 closed manually: its queued touches are cancelled.', hs_execution_state: 'SUCCESS' },
      }),
    },
  },
  research: {
    summary: 'Research this contact (workflow action)',
    description:
      "Starts a research of the contact's address (one credit, once per execution however often HubSpot delivers it) and blocks the execution until it ends; the app then completes it with `research_status` and `research_summary`. No credits, no address, an unclaimed portal: answered at once (`no_credits`, `failed`) with the `reason`. Signed by HubSpot.",
    tags,
    operationId: 'hubspotWorkflowResearch',
    headers: SIGNATURE_HEADERS,
    body: executionBody({}),
    errors: EXECUTION_ERRORS,
    response: {
      200: example(answerSchema({ research_status: Type.Optional(Type.Enum(['completed', 'failed', 'no_credits'])), research_summary: Type.Optional(Type.String()), reason }), {
        outputFields: { hs_execution_state: 'BLOCK', hs_expiration_duration: 'P1D' },
      }),
    },
  },
};

/**
 * The routes of the app's workflow actions (src/app/workflow-actions/), which HubSpot calls: the
 * `autopilot` field's options and the three actions' executions. In a signed scope (v3, or v2 as
 * HubSpot's custom action guide says those requests carry): the portal is the body's `origin.portalId`,
 * and each route reaches only that portal's contacts (its source, `hubspot:<portal>`).
 */
export function workflowActionRoutes(open: HttpScopes['open'], deps: Dependencies): void {
  signedScope(open, { pool: deps.pool, settings: deps.settings, clock: deps.clock, acceptV2: true }, (scope) => {
    scope.post(ROUTES.workflowOptions, { schema: SCHEMAS.options }, async (request: FastifyRequest) => {
      const { query } = parseOptionsRequest(request.body);
      return { options: await autopilotOptions(deps.pool, callerOf(request), query), searchable: true };
    });
    // As plain schemas (their output fields vary by outcome): the answers are ActionAnswer, serialised by them.
    scope.post(ROUTES.workflowEnrol, { schema: SCHEMAS.enrol as FastifySchema }, async (request: FastifyRequest) => enrolAction(deps, callerOf(request), executionOf(request)));
    scope.post(ROUTES.workflowStop, { schema: SCHEMAS.stop as FastifySchema }, async (request: FastifyRequest) => stopAction(deps, callerOf(request), executionOf(request)));
    scope.post(ROUTES.workflowResearch, { schema: SCHEMAS.research as FastifySchema }, async (request: FastifyRequest) => researchAction(deps, callerOf(request), executionOf(request)));
  });
}

/** The execution of a signed request, for the portal the signed scope found: one naming another portal (in a query the scope read first) is refused. */
function executionOf(request: FastifyRequest): Execution {
  const execution = parseExecution(request.body);
  if (execution.portalId !== callerOf(request).portalId) throw invalidBody('"origin.portalId" names another HubSpot account than the request');
  return execution;
}
