/**
 * The app-event components of the developer project (src/app/app-events/), read as HubSpot reads them,
 * and an occurrence checked against its event type as HubSpot says it checks them ("incoming occurrence
 * properties must match these event type properties, otherwise HubSpot will reject the occurrence").
 */
import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Occurrence } from '../../src/timeline/appEvents.ts';

export interface AppEventProperty {
  name: string;
  label: string;
  type: string;
  options?: { value: string; label: string }[];
}

export interface AppEventComponent {
  file: string;
  uid: string;
  type: string;
  config: { name: string; objectType: string; headerTemplate: string; detailTemplate: string; properties: AppEventProperty[] };
}

const DIR = join(import.meta.dirname, '../../src/app/app-events');

export const appEventComponents: AppEventComponent[] = globSync('*-hsmeta.json', { cwd: DIR })
  .sort()
  .map((file) => ({ file, ...(JSON.parse(readFileSync(join(DIR, file), 'utf8')) as Omit<AppEventComponent, 'file'>) }));

/** The names a template reads: `{{name}}`, and the argument of a block helper (`{{#if name}}`). */
export function templateNames(template: string): string[] {
  return [...template.matchAll(/\{\{\s*([#/]?)([A-Za-z_][\w.]*)(?:\s+([A-Za-z_][\w.]*))?\s*\}\}/g)].flatMap(([, block, first, second]) =>
    block === '#' ? (second ? [second] : []) : block === '/' || first === 'else' ? [] : [first!],
  );
}

/** What HubSpot would refuse in an occurrence: an unknown event type, a property its type does not declare, a value its type does not take. */
export function occurrenceProblems(occurrence: Occurrence): string[] {
  const component = appEventComponents.find((candidate) => candidate.uid === occurrence.eventTypeName);
  if (!component) return [`no event type ${occurrence.eventTypeName}`];
  const problems: string[] = [];
  if (!/^[0-9]+$/.test(occurrence.objectId)) problems.push(`objectId ${occurrence.objectId}`);
  if (Number.isNaN(Date.parse(occurrence.timestamp))) problems.push(`timestamp ${occurrence.timestamp}`);
  for (const [name, value] of Object.entries(occurrence.properties)) {
    const property = component.config.properties.find((candidate) => candidate.name === name);
    if (!property) problems.push(`${name}: not declared`);
    else if (property.type === 'number' && typeof value !== 'number') problems.push(`${name}: not a number`);
    else if (property.type === 'string' && typeof value !== 'string') problems.push(`${name}: not a string`);
    else if (property.type === 'enumeration' && !property.options?.some((option) => option.value === value)) problems.push(`${name}: ${String(value)} is not an option`);
  }
  return problems;
}
