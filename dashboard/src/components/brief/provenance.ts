import type { CompletedResearch } from './useResearchStatus';

export type Origin = NonNullable<CompletedResearch['provenance']>['fields'][string][number];

/** Where a fact of the brief came from, by its JSON pointer (`/prospect/title`): none for a generated field or an old brief. */
export function originsOf(research: CompletedResearch, pointer: string): Origin[] {
  return research.provenance?.fields[pointer] ?? [];
}

/** A source's name as a rep knows it. */
const SOURCE_NAMES: Record<string, string> = {
  apollo: 'Apollo',
  peopledatalabs: 'People Data Labs',
  website: 'the company website',
  mx: 'the mail provider',
  gravatar: 'Gravatar',
  unipile: 'the professional network',
  'google-news': 'Google News',
  request: 'your request',
};

export const sourceName = (source: string) => SOURCE_NAMES[source] ?? source;
