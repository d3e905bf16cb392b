import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import type {
  IDataObject,
  IHookFunctions,
  ILoadOptionsFunctions,
  INodePropertyOptions,
  INodeType,
  INodeTypeDescription,
  IWebhookFunctions,
  IWebhookResponseData,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { apiRequest } from '../shared/transport';
import { EVENT_OPTIONS } from './events';
import { verifySignature } from './signature';

/** What the node keeps between activation and deactivation (n8n's static data of the node). */
interface Subscription extends IDataObject {
  webhookId?: number;
  webhookSecret?: string;
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Starts a workflow on the engine's lead events: activating the workflow subscribes n8n's webhook URL
 * (POST /webhooks), deactivating removes the subscription (DELETE /webhooks/{id}). Every delivery's
 * Standard Webhooks signature is checked before the event becomes an item.
 */
export class ProspectResearchAutopilotTrigger implements INodeType {
  description: INodeTypeDescription = {
    displayName: 'Prospect Research Autopilot Trigger',
    name: 'prospectResearchAutopilotTrigger',
    icon: { light: 'file:autopilotTrigger.svg', dark: 'file:autopilotTrigger.dark.svg' },
    group: ['trigger'],
    version: 1,
    // The events as the Events list names them ("lead.responded" is "Lead Responded").
    subtitle:
      '={{ ($parameter["events"] || []).map((event) => event.split(".").map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(" ")).join(", ") }}',
    description: 'Starts the workflow when the Autopilot enrols a lead, a lead responds, a touch goes out...',
    documentationUrl: 'https://www.npmjs.com/package/n8n-nodes-prospect-research#autopilot-trigger',
    defaults: { name: 'Prospect Research Autopilot Trigger' },
    inputs: [],
    outputs: [NodeConnectionTypes.Main],
    credentials: [{ name: 'prospectResearchApi', required: true }],
    webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }],
    properties: [
      {
        displayName: 'Events',
        name: 'events',
        type: 'multiOptions',
        required: true,
        options: EVENT_OPTIONS,
        default: ['lead.responded'],
        description: 'The events that start the workflow',
      },
      {
        displayName: 'Autopilot Name or ID',
        name: 'autopilot',
        type: 'options',
        typeOptions: { loadOptionsMethod: 'getAutopilots' },
        default: '',
        description:
          'Only the events of this Autopilot (account-wide events such as Credits Threshold never match one). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
      },
    ],
  };

  methods = {
    loadOptions: {
      /** GET /autopilots, live ones in routing order; the first entry means all of them. */
      async getAutopilots(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
        const answer = await apiRequest.call(this, 'GET', '/autopilots', 0);
        const autopilots = (Array.isArray(answer.autopilots) ? answer.autopilots : []) as IDataObject[];
        return [
          { name: 'All Autopilots', value: '' },
          ...autopilots.map((autopilot) => ({
            name: String(autopilot.name),
            value: String(autopilot.name),
            description: autopilot.enabled === true ? 'On' : 'Off',
          })),
        ];
      },
    },
  };

  webhookMethods = {
    default: {
      /** True when the subscription this node made still delivers to this URL; a disabled one is removed, to be made again. */
      async checkExists(this: IHookFunctions): Promise<boolean> {
        const data = this.getWorkflowStaticData('node') as Subscription;
        if (data.webhookId === undefined) return false;
        const { webhooks } = (await apiRequest.call(this, 'GET', '/webhooks', 0)) as { webhooks?: IDataObject[] };
        const mine = (webhooks ?? []).find((webhook) => webhook.id === data.webhookId);
        if (mine && mine.url === this.getNodeWebhookUrl('default') && mine.state !== 'disabled' && data.webhookSecret) return true;
        if (mine) await apiRequest.call(this, 'DELETE', `/webhooks/${data.webhookId}`, 0);
        delete data.webhookId;
        delete data.webhookSecret;
        return false;
      },

      /** POST /webhooks with this workflow's URL; the id and the signing secret (shown this once) go to static data. */
      async create(this: IHookFunctions): Promise<boolean> {
        const url = this.getNodeWebhookUrl('default');
        if (!url) throw new NodeOperationError(this.getNode(), 'n8n gave this trigger no webhook URL');
        const events = this.getNodeParameter('events', []) as string[];
        if (events.length === 0) {
          throw new NodeOperationError(this.getNode(), 'No event is chosen', { description: 'Pick at least one event in Events.' });
        }
        const autopilot = String(this.getNodeParameter('autopilot', '') ?? '').trim();
        const body: IDataObject = { url, events };
        if (autopilot !== '') body.autopilot = autopilot;
        const created = await apiRequest.call(this, 'POST', '/webhooks', 0, body);
        if (typeof created.id !== 'number' || typeof created.secret !== 'string') {
          throw new NodeOperationError(this.getNode(), 'The engine answered POST /webhooks without an id and a secret');
        }
        const data = this.getWorkflowStaticData('node') as Subscription;
        data.webhookId = created.id;
        data.webhookSecret = created.secret;
        return true;
      },

      /** DELETE /webhooks/{id}; one the engine no longer has (webhook_not_found) counts as removed. */
      async delete(this: IHookFunctions): Promise<boolean> {
        const data = this.getWorkflowStaticData('node') as Subscription;
        if (data.webhookId !== undefined) {
          try {
            await apiRequest.call(this, 'DELETE', `/webhooks/${data.webhookId}`, 0);
          } catch (error) {
            if (!(error instanceof NodeApiError && error.context.code === 'webhook_not_found')) return false;
          }
        }
        delete data.webhookId;
        delete data.webhookSecret;
        return true;
      },
    },
  };

  /** A delivery: 401 and no execution unless signed with this subscription's secret within 5 minutes; else the event is the item. */
  async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
    const request = this.getRequestObject();
    const headers = this.getHeaderData();
    const { webhookSecret } = this.getWorkflowStaticData('node') as Subscription;
    if (request.rawBody === undefined && typeof request.readRawBody === 'function') await request.readRawBody();
    const refusal = webhookSecret
      ? verifySignature(
          webhookSecret,
          {
            id: header(headers['webhook-id']),
            timestamp: header(headers['webhook-timestamp']),
            signature: header(headers['webhook-signature']),
            body: request.rawBody ?? '',
          },
          Math.floor(Date.now() / 1000),
        )
      : 'no_subscription';
    if (refusal !== null) {
      this.getResponseObject().status(401).json({ error: 'invalid_signature', reason: refusal });
      return { noWebhookResponse: true };
    }
    return { workflowData: [this.helpers.returnJsonArray(this.getBodyData())] };
  }
}
