import type { INodeProperties, INodeTypeDescription, UsableAsToolDescription } from 'n8n-workflow';

/**
 * What an AI Agent reads of a tool: one description per operation, shown when that operation is picked.
 * n8n keeps a `toolDescription` parameter a node brings (and adds its own generic "<action> in <node>"
 * only when there is none), and the builder may still rewrite it.
 */
export function toolDescriptions(byOperation: Array<{ show: Record<string, string[]>; text: string }>): INodeProperties[] {
  return byOperation.map(({ show, text }) => ({
    displayName: 'Description',
    name: 'toolDescription',
    type: 'string',
    typeOptions: { rows: 4 },
    default: text,
    displayOptions: { show },
    description: 'What the AI Agent is told this tool does: what goes in, what it costs, how long it takes, what comes back',
  }));
}

/**
 * The node as n8n derives its AI Agent tool from it: n8n spreads `replacements` over the description, so
 * the tool gets these properties instead of the node's, while the node in a workflow keeps its own.
 */
export function asTool(properties: INodeProperties[]): UsableAsToolDescription {
  const replacements: Partial<INodeTypeDescription> = { properties };
  return { replacements };
}

/**
 * A parameter the model fills by default (n8n's `$fromAI`), told what to put in it. The description goes
 * in single quotes, so it holds none.
 */
export function fromModel(property: INodeProperties, key: string, description: string): INodeProperties {
  if (description.includes("'")) throw new Error(`A $fromAI description holds no single quote: ${description}`);
  return { ...property, default: `={{ $fromAI('${key}', '${description}', 'string') }}`, description };
}
