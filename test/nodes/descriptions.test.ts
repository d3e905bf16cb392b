/**
 * The nodes as a builder meets them in n8n's editor: which parameters show for which settings, their
 * defaults, and the names, subtitles and icons. Visibility and stored values come from n8n-workflow's
 * own NodeHelpers, which the editor uses to decide what to show and what to keep.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { NodeHelpers } from 'n8n-workflow';
import type { INodeParameters, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';
import { ProspectResearchAutopilot } from '../../nodes/Autopilot/ProspectResearchAutopilot.node';
import { ProspectResearchAutopilotTrigger } from '../../nodes/AutopilotTrigger/ProspectResearchAutopilotTrigger.node';
import { ProspectResearch } from '../../nodes/Research/ProspectResearch.node';
import { ProspectResearchWaitForResult } from '../../nodes/WaitForResult/ProspectResearchWaitForResult.node';

const research = new ProspectResearch().description;
const waitForResult = new ProspectResearchWaitForResult().description;
const node = { typeVersion: 1 };

/** The parameters the editor shows for these values, in order, by label. */
function shown(description: INodeTypeDescription, values: INodeParameters): INodeProperties[] {
  const stored = NodeHelpers.getNodeParameters(description.properties, values, true, false, node, description) ?? {};
  return description.properties.filter((property) => NodeHelpers.displayParameter(stored, property, node, description));
}

/** What the editor keeps of these values (hidden parameters are dropped, defaults are not written). */
function kept(description: INodeTypeDescription, values: INodeParameters): INodeParameters {
  return NodeHelpers.getNodeParameters(description.properties, values, false, false, node, description) ?? {};
}

/** The node's subtitle as the canvas shows it for these parameters. */
function subtitle(description: INodeTypeDescription, parameters: INodeParameters): unknown {
  const expression = /^=\{\{([\s\S]*)\}\}$/.exec(description.subtitle ?? '')?.[1];
  if (expression === undefined) return description.subtitle;
  return new Function('$parameter', `return (${expression});`)(parameters);
}

describe('Research a prospect in the editor', () => {
  const values = { resource: 'research', operation: 'research' };

  it('shows Email, the credit notice under it, then Wait for Completion and Simplify, both on', () => {
    expect(shown(research, values).map((property) => (property.type === 'notice' ? 'notice' : property.displayName))).toEqual([
      'Resource',
      'Operation',
      'Email',
      'notice',
      'Wait for Completion',
      'Simplify',
      'Additional Fields',
      'Options',
    ]);
    const notice = shown(research, values).find((property) => property.type === 'notice');
    expect(notice?.displayName).toMatch(/one credit/);
    expect(notice?.displayName).toMatch(/pin its output/);
    expect(NodeHelpers.getNodeParameters(research.properties, values, true, false, node, research)).toMatchObject({ waitForCompletion: true, simple: true });
  });

  it('keeps Simplify, and its value, with waiting off; only the wait options go', () => {
    const off = { ...values, waitForCompletion: false, simple: false, options: { maxWaitSeconds: 60 } };
    expect(shown(research, off).map((property) => property.displayName)).toContain('Simplify');
    expect(shown(research, off).map((property) => property.displayName)).not.toContain('Options');
    expect(kept(research, off)).toMatchObject({ waitForCompletion: false, simple: false });
    expect(kept(research, off)).not.toHaveProperty('options');
  });

  it('has no output format among the wait options any more', () => {
    const options = research.properties.find((property) => property.name === 'options' && property.displayOptions?.show?.operation?.includes('research'));
    expect((options?.options as INodeProperties[]).map((option) => option.name)).toEqual(['maxWaitSeconds', 'pollIntervalSeconds', 'onFailure']);
  });

  it("names the prospect's and the company's LinkedIn URLs apart, each with an example", () => {
    const fields = research.properties.find((property) => property.name === 'additionalFields')?.options as INodeProperties[];
    const byName = Object.fromEntries(fields.map((field) => [field.name, field]));
    expect(byName.linkedin_url).toMatchObject({ displayName: 'Prospect LinkedIn URL', placeholder: expect.stringContaining('linkedin.com/in/') });
    expect(byName.company_linkedin_url).toMatchObject({ displayName: 'Company LinkedIn URL', placeholder: expect.stringContaining('linkedin.com/company/') });
    for (const field of fields) expect(field.placeholder, field.name).toBeTruthy();
  });
});

describe('Get Status in the editor', () => {
  it("reads the input item's research_id by default and simplifies by default", () => {
    const defaults = NodeHelpers.getNodeParameters(research.properties, { resource: 'research', operation: 'getStatus' }, true, false, node, research);
    expect(defaults).toMatchObject({ researchId: '={{ $json.research_id }}', simple: true });
  });
});

describe('Wait for Result in the editor', () => {
  it('has one name in the node picker and on the canvas', () => {
    expect(waitForResult.defaults.name).toBe(waitForResult.displayName);
  });

  it("reads the input item's research_id and simplifies by default", () => {
    expect(NodeHelpers.getNodeParameters(waitForResult.properties, {}, true, false, node, waitForResult)).toMatchObject({
      researchId: '={{ $json.research_id }}',
      simple: true,
    });
  });

  it('has icons of its own, light and dark', () => {
    const icon = (description: INodeTypeDescription, folder: string, theme: 'light' | 'dark') => {
      const file = (description.icon as { light: string; dark: string })[theme].replace(/^file:/, '');
      return readFileSync(resolve(__dirname, '../../nodes', folder, file), 'utf8');
    };
    for (const theme of ['light', 'dark'] as const) {
      expect(icon(waitForResult, 'WaitForResult', theme)).not.toBe(icon(research, 'Research', theme));
    }
    expect(icon(waitForResult, 'WaitForResult', 'light')).not.toBe(icon(waitForResult, 'WaitForResult', 'dark'));
  });

  it('is declared as an AI tool only to hide the tool n8n would make of it: Research is the tool', () => {
    expect(research.usableAsTool).toMatchObject({ replacements: { properties: expect.any(Array) } });
    expect(waitForResult.usableAsTool).toEqual({ replacements: { hidden: true } });
  });
});

describe('the icons', () => {
  const nodes: Array<[INodeTypeDescription, string]> = [
    [research, 'Research'],
    [waitForResult, 'WaitForResult'],
    [new ProspectResearchAutopilot().description, 'Autopilot'],
    [new ProspectResearchAutopilotTrigger().description, 'AutopilotTrigger'],
  ];
  const iconOf = (description: INodeTypeDescription, folder: string, theme: 'light' | 'dark') =>
    readFileSync(resolve(__dirname, '../../nodes', folder, (description.icon as { light: string; dark: string })[theme].replace(/^file:/, '')), 'utf8');
  /** Each drawn shape by its geometry alone (colours left out): two icons that share one look alike where they share it. */
  const shapesOf = (svg: string) =>
    [...svg.matchAll(/<(path|circle|rect|ellipse|polygon|line)\b([^>]*)>/g)].map(([, tag, attributes]) => {
      const geometry = [...attributes!.matchAll(/\b(d|cx|cy|r|x|y|width|height|rx|points|x1|y1|x2|y2)="([^"]*)"/g)].map(([, name, value]) => `${name}=${value}`);
      return `${tag} ${geometry.join(' ')}`;
    });

  it('differ at picker size, not only by a corner badge: no two of the four nodes share a drawn shape, in light and in dark', () => {
    for (const theme of ['light', 'dark'] as const) {
      const shapes = nodes.map(([description, folder]) => new Set(shapesOf(iconOf(description, folder, theme))));
      for (const set of shapes) expect(set.size).toBeGreaterThan(0);
      shapes.forEach((set, i) => {
        shapes.slice(i + 1).forEach((other, j) => {
          expect(
            [...set].filter((shape) => other.has(shape)),
            `${nodes[i]![1]} and ${nodes[i + 1 + j]![1]} (${theme})`,
          ).toEqual([]);
        });
      });
    }
  });

  it('have a dark variant of each, the same drawing in other colours', () => {
    for (const [description, folder] of nodes) {
      const light = iconOf(description, folder, 'light');
      const dark = iconOf(description, folder, 'dark');
      expect(dark).not.toBe(light);
      expect(shapesOf(dark)).toEqual(shapesOf(light));
    }
  });
});

describe('the canvas subtitles', () => {
  it('name the operation in title case, as the picker does', () => {
    expect(subtitle(research, { resource: 'research', operation: 'research' })).toBe('Research a Prospect');
    expect(subtitle(research, { resource: 'research', operation: 'getStatus' })).toBe('Get Status');
    expect(subtitle(research, { resource: 'account', operation: 'get' })).toBe('Get Account');
  });

  it("name each Autopilot operation without repeating the node's name", () => {
    const autopilot = new ProspectResearchAutopilot().description;
    const operations = autopilot.properties.filter((property) => property.name === 'operation');
    const subtitles = operations.flatMap((property) =>
      (property.options ?? []).map((option) => subtitle(autopilot, { resource: property.displayOptions!.show!.resource![0]!, operation: (option as { value: string }).value })),
    );
    expect(subtitles).toEqual([
      'Add Contacts',
      'Get Many Contacts',
      'Get Routing State',
      'Log Activity',
      'Remove Contact',
      'Report Property Change',
      'Close Lead',
      'Get Lead',
      'Get Many Leads',
      'Get Many',
    ]);
  });

  it("name the Trigger's events as its Events list does", () => {
    const trigger = new ProspectResearchAutopilotTrigger().description;
    expect(subtitle(trigger, { events: ['lead.responded', 'credits.threshold'] })).toBe('Lead Responded, Credits Threshold');
  });
});
