/**
 * Get Many leads offers the engine's outcomes and end reasons as options of its filters. The package
 * cannot import the engine (it is published alone), so its lists are held to the engine's here: a
 * reason the engine gains fails this test rather than being missing from the node's dropdown.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';
import { ProspectResearchAutopilot } from '../../../nodes/Autopilot/ProspectResearchAutopilot.node';

/** The engine's lists, loaded by path: each package's tsconfig keeps to its own folder (vitest runs from the repository's root). */
const engineLists = () => import(pathToFileURL(resolve('engine/src/autopilot/contract.ts')).href) as Promise<{ LEAD_OUTCOMES: readonly string[]; LEAD_END_REASONS: readonly string[] }>;

/** The values of an option of Get Many leads' Filters. */
function filterValues(name: string): string[] {
  const filters = new ProspectResearchAutopilot().description.properties.find((property) => property.name === 'filters' && property.displayOptions?.show?.resource?.includes('lead')) as
    | INodeProperties
    | undefined;
  const option = filters?.options?.find((candidate) => candidate.name === name) as INodeProperties | undefined;
  return ((option?.options ?? []) as INodePropertyOptions[]).map((choice) => String(choice.value));
}

describe("Get Many leads' filters", () => {
  it("offer every end reason of the engine's, and only those", async () => {
    expect(filterValues('endReason').sort()).toEqual([...(await engineLists()).LEAD_END_REASONS].sort());
  });

  it("offer every outcome of the engine's, and only those", async () => {
    expect(filterValues('outcome').sort()).toEqual([...(await engineLists()).LEAD_OUTCOMES].sort());
  });
});
