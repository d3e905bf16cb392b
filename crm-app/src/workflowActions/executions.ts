import { AppError, type PoolClient, type Queryable } from '@prospect-research/engine';

/** The workflow actions the app defines (src/app/workflow-actions/), as its executions record them. */
export type WorkflowAction = 'enrol' | 'stop' | 'research';

/** What an action answers HubSpot, and what a blocked one completes with: its output fields, all text. */
export type Outputs = Record<string, string>;

/**
 * An execution request as HubSpot sends it to an action's URL (its custom workflow action reference):
 * `callbackId` (the same on every retry of one execution), `origin.portalId`, the enrolled `object`
 * (`objectId`, `objectType`, and the `properties` the definition's `objectRequestOptions` asks for) and
 * the values of the action's input fields (`inputFields`; older examples name them `fields`).
 */
export interface Execution {
  callbackId: string;
  portalId: number;
  contactId: string;
  /** The contact's properties HubSpot sent with the request (text or null each); undefined when it sent none. */
  properties: Record<string, string | null> | undefined;
  inputs: Record<string, unknown>;
}

const ONE_LINE = /^[^\r\n\u0000]{1,200}$/u;
const ID = /^[1-9][0-9]{0,17}$/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The 400 a malformed body gets, in words (`invalid_body` with `message`, as the webhook route answers). */
export function invalidBody(message: string): AppError {
  return new AppError('invalid_body', { message }, message);
}

/** A signed execution request's body, checked: anything HubSpot would not send is refused in words. */
export function parseExecution(body: unknown): Execution {
  if (!isObject(body)) throw invalidBody('A workflow action execution is a JSON object with "callbackId", "origin", "object" and "inputFields"');
  const { callbackId, origin, object } = body;
  if (typeof callbackId !== 'string' || !ONE_LINE.test(callbackId)) throw invalidBody('"callbackId" must be HubSpot\'s id of the execution: one line of 1 to 200 characters');
  if (!isObject(origin) || !idText(origin.portalId)) throw invalidBody('"origin.portalId" must be the HubSpot account\'s id');
  if (!isObject(object)) throw invalidBody('"object" must name the enrolled contact: {"objectId", "objectType": "CONTACT"}');
  if (object.objectType !== 'CONTACT' && object.objectType !== '0-1') throw invalidBody(`The action runs on contacts only, not on ${JSON.stringify(object.objectType ?? null).slice(0, 60)}`);
  const contactId = idText(object.objectId);
  if (contactId === undefined) throw invalidBody('"object.objectId" must be the contact\'s id (a whole number)');
  const properties = object.properties;
  if (properties !== undefined && properties !== null && !isObject(properties)) throw invalidBody('"object.properties" must be an object of property values');
  let given: Record<string, string | null> | undefined;
  if (isObject(properties)) {
    given = {};
    for (const [name, value] of Object.entries(properties)) {
      if (value !== null && typeof value !== 'string') throw invalidBody(`"object.properties.${name.slice(0, 60)}" must be text or null`);
      if (typeof value === 'string' && value.includes('\u0000')) throw invalidBody(`"object.properties.${name.slice(0, 60)}" holds a character that cannot be stored`);
      given[name] = value;
    }
  }
  const inputs = body.inputFields ?? body.fields ?? {};
  if (!isObject(inputs)) throw invalidBody('"inputFields" must be an object of the action\'s input values');
  return { callbackId, portalId: Number(idText(origin.portalId)), contactId, properties: given, inputs };
}

/** A HubSpot id, as a number or as text; undefined when it is not one. */
function idText(value: unknown): string | undefined {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  return typeof text === 'string' && ID.test(text) ? text : undefined;
}

/** An execution recorded earlier (by its callbackId). */
export interface ExecutionRow {
  portal_id: string;
  action: WorkflowAction;
  object_id: string;
  state: 'answered' | 'blocked' | 'completed' | 'expired';
  outputs: Outputs | null;
  research_id: string | null;
}

/** The execution recorded under this callbackId, if any. */
export async function recordedExecution(db: Queryable, callbackId: string): Promise<ExecutionRow | undefined> {
  const { rows } = await db.query<ExecutionRow>('SELECT portal_id, action, object_id, state, outputs, research_id FROM hubspot_workflow_executions WHERE callback_id = $1', [callbackId]);
  return rows[0];
}

/**
 * Claims the execution inside the caller's transaction: true when it is new (the caller then does the
 * work and records its answer in the same transaction); false when another delivery of it came first
 * (committed, or first to insert: the insert waits for it), whose answer the caller then gives again.
 */
export async function claimExecution(client: PoolClient, execution: Execution, action: WorkflowAction, now: Date): Promise<boolean> {
  const { rowCount } = await client.query(
    `INSERT INTO hubspot_workflow_executions (callback_id, portal_id, action, object_id, state, received_at) VALUES ($1, $2, $3, $4, 'answered', $5)
     ON CONFLICT (callback_id) DO NOTHING`,
    [execution.callbackId, execution.portalId, action, execution.contactId, now],
  );
  return rowCount === 1;
}

/** Records what the execution answered (`answered`), or that it waits on a research (`blocked`, no outputs yet). */
export async function recordAnswer(client: Queryable, callbackId: string, answer: { outputs: Outputs } | { researchId: string }): Promise<void> {
  if ('outputs' in answer) {
    await client.query(`UPDATE hubspot_workflow_executions SET state = 'answered', outputs = $2 WHERE callback_id = $1`, [callbackId, JSON.stringify(answer.outputs)]);
  } else {
    await client.query(`UPDATE hubspot_workflow_executions SET state = 'blocked', research_id = $2 WHERE callback_id = $1`, [callbackId, answer.researchId]);
  }
}

/**
 * A second delivery's answer: what the first answered (a blocked execution is blocked again: HubSpot
 * keeps waiting for its completion). The same callbackId for another portal, action or contact is no
 * delivery of it: refused, and nothing of the first is shown.
 */
export function answerAgain(row: ExecutionRow, execution: Execution, action: WorkflowAction): ActionAnswer {
  if (Number(row.portal_id) !== execution.portalId || row.action !== action || row.object_id !== execution.contactId) {
    throw invalidBody('This callbackId belongs to another execution: HubSpot gives each execution its own');
  }
  return row.outputs === null ? blocked() : done(row.outputs);
}

/** What HubSpot is answered: the output fields, and `hs_execution_state` (SUCCESS, or BLOCK until the callback is completed). */
export interface ActionAnswer {
  outputFields: Record<string, string>;
}

/** How long HubSpot keeps a blocked execution waiting for its completion (ISO 8601): research takes minutes; a day leaves room for a backlog. */
export const BLOCK_EXPIRATION = 'P1D';

export const done = (outputs: Outputs): ActionAnswer => ({ outputFields: { ...outputs, hs_execution_state: 'SUCCESS' } });
export const blocked = (): ActionAnswer => ({ outputFields: { hs_execution_state: 'BLOCK', hs_expiration_duration: BLOCK_EXPIRATION } });
