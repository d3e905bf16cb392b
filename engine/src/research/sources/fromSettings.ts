import { sharedChatClient } from '../../integrations/index.ts';
import type { Sources } from '../pipeline/sourcePipeline.ts';
import { KEYLESS_SOURCES, type SourcesSettings } from '../settings.ts';
import { createBriefWriter } from '../writer/briefWriter.ts';
import { createApollo } from './apollo.ts';
import { emailProvider } from './emailProvider.ts';
import type { CompanySource, PersonSource } from './facts.ts';
import { createGoogleNews } from './googleNews.ts';
import { gravatarPhoto } from './gravatar.ts';
import { createPeopleDataLabs } from './peopleDataLabs.ts';
import { createUnipile } from './unipile.ts';
import { createWebsiteSource } from './website.ts';

/** The sources and the writer the settings turn on: a keyed source without its key is off. */
export function sourcesFromSettings(config: SourcesSettings): Sources {
  const { concurrency } = config;
  const apollo = config.apollo && createApollo({ ...config.apollo, concurrency });
  const pdl = config.pdl && createPeopleDataLabs({ ...config.pdl, concurrency });
  const byName: Record<(typeof config.personOrder)[number], (PersonSource & CompanySource) | undefined> = { apollo, pdl };
  const ordered = config.personOrder.map((name) => byName[name]).filter((source) => source !== undefined);
  const keyless = new Set(config.keyless);
  return {
    people: ordered,
    companies: ordered,
    decisionMakers: apollo,
    posts: config.unipile && createUnipile({ ...config.unipile, http: { concurrency } }),
    news: keyless.has('google_news') ? createGoogleNews({ baseUrl: config.googleNewsBaseUrl, http: { concurrency } }) : undefined,
    website: keyless.has('website') ? createWebsiteSource() : undefined,
    emailProvider: keyless.has('mx') ? (domain, context) => emailProvider(domain, context) : undefined,
    photo: keyless.has('gravatar') ? (email, context) => gravatarPhoto(email, context, { baseUrl: config.gravatarBaseUrl }) : undefined,
    writer: config.openai && createBriefWriter(sharedChatClient({ ...config.openai, concurrency })),
  };
}

/**
 * The start-up log's line: which sources are on, which are off and why, and whether the writer is on
 * (without it a brief's generated fields are null, which a newcomer would otherwise take for a fault).
 */
export function sourcesSummary(config: SourcesSettings): string {
  const keyed = [
    ['apollo', config.apollo, 'APOLLO_API_KEY'],
    ['pdl', config.pdl, 'PDL_API_KEY'],
    ['unipile', config.unipile, 'UNIPILE_API_KEY'],
  ] as const;
  const on = [...keyed.filter(([, source]) => source).map(([name]) => name), ...config.keyless];
  const off = [
    ...keyed.filter(([, source]) => !source).map(([name, , variable]) => `${name} (no ${variable})`),
    ...KEYLESS_SOURCES.filter((name) => !config.keyless.includes(name)).map((name) => `${name} (not in RESEARCH_KEYLESS_SOURCES)`),
  ];
  const sources = on.length > 0 ? `research sources on: ${on.join(', ')}` : 'no research source is on: briefs hold only what the request gave';
  const writer = config.openai ? `LLM writer on (model ${config.openai.model})` : 'LLM writer off (set OPENAI_API_KEY or OPENAI_BASE_URL, and OPENAI_MODEL): the generated fields of briefs are null';
  return [sources, ...(off.length > 0 ? [`off: ${off.join(', ')}`] : []), writer].join('; ');
}
