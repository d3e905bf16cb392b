import { createChatClient } from '../../integrations/openai/chatClient.ts';
import type { Sources } from '../pipeline/sourcePipeline.ts';
import type { SourcesSettings } from '../settings.ts';
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
    writer: config.openai && createBriefWriter(createChatClient({ ...config.openai, concurrency })),
  };
}
