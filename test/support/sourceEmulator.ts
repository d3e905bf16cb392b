/**
 * One local HTTP server (node:http on 127.0.0.1) that stands in for every keyed source and the LLM, at
 * fixed latencies, answering the bodies the adapters' documentation (and their unit tests under
 * engine/test/research/sources and engine/test/research/writer) describe. The answers are complete and valid, so a
 * research takes exactly one call per route: one Apollo People Enrichment, one Organization
 * Enrichment, one People API Search that needs one Bulk People Enrichment, one PDL person and one PDL
 * company, one Unipile profile lookup and its posts, one company lookup and its posts, one Google News
 * search (recent items, so no second search by domain), one Gravatar and one chat completion that
 * matches the writer's strict schema the first time (no digits in generated text, so no grounding turn).
 *
 * Every route counts its calls, so a measurement can check that the work it timed really happened.
 * Used by the bench (bench/measurements) and by the end-to-end test in a real n8n (test/n8n-e2e).
 * The latency is a timer before the answer: the server itself does almost no work.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Fixed answer delay of each route, in ms. */
export interface SourceLatencies {
  apolloPersonMatch: number;
  apolloOrganizationEnrich: number;
  apolloPeopleSearch: number;
  apolloBulkMatch: number;
  pdlPerson: number;
  pdlCompany: number;
  unipileProfile: number;
  unipilePersonPosts: number;
  unipileCompany: number;
  unipileCompanyPosts: number;
  googleNews: number;
  gravatar: number;
  llm: number;
}

export type Route = keyof SourceLatencies;
export const ROUTES = [
  'apolloPersonMatch',
  'apolloOrganizationEnrich',
  'apolloPeopleSearch',
  'apolloBulkMatch',
  'pdlPerson',
  'pdlCompany',
  'unipileProfile',
  'unipilePersonPosts',
  'unipileCompany',
  'unipileCompanyPosts',
  'googleNews',
  'gravatar',
  'llm',
] as const satisfies readonly Route[];

export const INSTANT: SourceLatencies = Object.fromEntries(ROUTES.map((route) => [route, 0])) as unknown as SourceLatencies;

/**
 * The longest chain of calls that must wait for each other in `SourcePipeline.run` (sourcePipeline.ts):
 * the person (every person source at once) then the person's posts (profile lookup, then posts); the
 * company (every company source at once) then, at once, its news and its posts (company lookup, then
 * posts); decision makers (search, then bulk enrichment); and after all of them the writer. The photo
 * is not on it: Gravatar is asked only when no person source has a photo, and the emulated Apollo has one.
 * Database work (identities, cache, job states) and HTTP overheads are not in it: the measured time
 * over this is what the engine adds.
 */
export function criticalPathMs(l: SourceLatencies): number {
  const person = Math.max(l.apolloPersonMatch, l.pdlPerson) + l.unipileProfile + l.unipilePersonPosts;
  const company = Math.max(l.apolloOrganizationEnrich, l.pdlCompany) + Math.max(l.googleNews, l.unipileCompany + l.unipileCompanyPosts);
  const decisionMakers = l.apolloPeopleSearch + l.apolloBulkMatch;
  return Math.max(person, company, decisionMakers) + l.llm;
}

export interface SourceEmulator {
  /** Base URL of the server (`http://127.0.0.1:<port>`). */
  url: string;
  /** The environment that points the engine at this server, as ops would set it. */
  env: Record<string, string>;
  /** Calls answered so far, by route. */
  calls(): Record<Route, number>;
  /** Requests that matched no route or carried no key (each one is a bug in the emulator or the engine). */
  unexpected(): string[];
  close(): Promise<void>;
}

const KEYS = { apollo: 'bench-apollo-key', pdl: 'bench-pdl-key', unipile: 'bench-unipile-key', openai: 'bench-openai-key' };
const UNIPILE_ACCOUNT = 'bench-linkedin-account';
export const DECISION_MAKERS = 10;

export async function startSourceEmulator(latencies: SourceLatencies): Promise<SourceEmulator> {
  const counts = Object.fromEntries(ROUTES.map((route) => [route, 0])) as Record<Route, number>;
  const unexpected: string[] = [];
  // Unipile's posts endpoint takes the internal id a profile lookup answered: remember whose it is.
  const internalIds = new Map<string, string>();
  const publicIds = new Map<string, string>();
  const internalId = (publicId: string, kind: 'person' | 'company') => {
    let id = publicIds.get(`${kind}:${publicId}`);
    if (id === undefined) {
      id = kind === 'person' ? `ACoAABx3Kq4B${publicIds.size.toString(36).padStart(8, '0')}` : String(18_734_215 + publicIds.size);
      publicIds.set(`${kind}:${publicId}`, id);
      internalIds.set(id, publicId);
    }
    return id;
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://emulator');
      const answer = route(request, url, Buffer.concat(chunks).toString('utf8'));
      if (!answer) {
        unexpected.push(`${request.method} ${url.pathname}${url.search}`);
        send(response, { status: 404, type: 'application/json', body: '{"error":"no such route in the bench emulator"}' });
        return;
      }
      counts[answer.route]++;
      const delay = latencies[answer.route];
      if (delay > 0) setTimeout(() => send(response, answer), delay);
      else send(response, answer);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function route(request: IncomingMessage, url: URL, body: string): Answer | undefined {
    const path = url.pathname;
    const header = (name: string) => request.headers[name];
    if (path.startsWith('/apollo/') && header('x-api-key') !== KEYS.apollo) return undefined;
    if (path.startsWith('/pdl/') && header('x-api-key') !== KEYS.pdl) return undefined;
    if (path.startsWith('/unipile/') && (header('x-api-key') !== KEYS.unipile || url.searchParams.get('account_id') !== UNIPILE_ACCOUNT)) return undefined;
    if (path.startsWith('/llm/') && header('authorization') !== `Bearer ${KEYS.openai}`) return undefined;

    if (request.method === 'POST' && path === '/apollo/api/v1/people/match') return json('apolloPersonMatch', apolloPerson(url.searchParams.get('email') ?? ''));
    if (request.method === 'GET' && path === '/apollo/api/v1/organizations/enrich') return json('apolloOrganizationEnrich', apolloOrganization(url.searchParams.get('domain') ?? ''));
    if (request.method === 'POST' && path === '/apollo/api/v1/mixed_people/api_search') return json('apolloPeopleSearch', apolloSearch(JSON.parse(body)));
    if (request.method === 'POST' && path === '/apollo/api/v1/people/bulk_match') return json('apolloBulkMatch', apolloBulkMatch(JSON.parse(body)));
    if (request.method === 'GET' && path === '/pdl/v5/person/enrich') return json('pdlPerson', pdlPerson(url.searchParams.get('email') ?? ''));
    if (request.method === 'GET' && path === '/pdl/v5/company/enrich') return json('pdlCompany', pdlCompany(url.searchParams.get('website') ?? ''));
    let match = /^\/unipile\/api\/v1\/users\/([^/]+)\/posts$/.exec(path);
    if (request.method === 'GET' && match) {
      const company = url.searchParams.get('is_company') === 'true';
      const owner = internalIds.get(decodeURIComponent(match[1]!));
      if (owner === undefined) return undefined;
      return json(company ? 'unipileCompanyPosts' : 'unipilePersonPosts', unipilePosts(owner, company));
    }
    match = /^\/unipile\/api\/v1\/users\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && match) return json('unipileProfile', unipileProfile(decodeURIComponent(match[1]!), internalId));
    match = /^\/unipile\/api\/v1\/linkedin\/company\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && match) return json('unipileCompany', unipileCompany(decodeURIComponent(match[1]!), internalId));
    if (request.method === 'GET' && path === '/news/rss/search')
      return { route: 'googleNews', status: 200, type: 'application/rss+xml; charset=utf-8', body: newsFeed(url.searchParams.get('q') ?? '') };
    if (request.method === 'GET' && /^\/gravatar\/avatar\/[0-9a-f]{64}$/.test(path)) return { route: 'gravatar', status: 200, type: 'image/png', body: PNG };
    if (request.method === 'POST' && path === '/llm/v1/chat/completions') return json('llm', chatCompletion(JSON.parse(body)));
    return undefined;
  }

  return {
    url,
    env: {
      APOLLO_API_KEY: KEYS.apollo,
      APOLLO_BASE_URL: `${url}/apollo/api/v1`,
      PDL_API_KEY: KEYS.pdl,
      PDL_BASE_URL: `${url}/pdl/v5`,
      UNIPILE_API_KEY: KEYS.unipile,
      UNIPILE_BASE_URL: `${url}/unipile`,
      UNIPILE_ACCOUNT_ID: UNIPILE_ACCOUNT,
      RESEARCH_PERSON_SOURCE_ORDER: 'apollo,pdl',
      // The website and the mail provider need real DNS and public addresses (safeFetch): off.
      RESEARCH_KEYLESS_SOURCES: 'google_news,gravatar',
      GOOGLE_NEWS_BASE_URL: `${url}/news`,
      GRAVATAR_BASE_URL: `${url}/gravatar`,
      OPENAI_API_KEY: KEYS.openai,
      OPENAI_BASE_URL: `${url}/llm/v1`,
      OPENAI_MODEL: 'gpt-4o-mini',
    },
    calls: () => ({ ...counts }),
    unexpected: () => [...unexpected],
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

interface Answer {
  route: Route;
  status: number;
  type: string;
  body: string | Buffer;
}

function json(route: Route, value: unknown): Answer {
  return { route, status: 200, type: 'application/json; charset=utf-8', body: JSON.stringify(value) };
}

function send(response: ServerResponse, answer: Omit<Answer, 'route'>): void {
  response.writeHead(answer.status, { 'content-type': answer.type, 'content-length': Buffer.byteLength(answer.body) });
  response.end(answer.body);
}

// ---- the prospect and the company, derived from the e-mail so every job is its own ----

/** `jane.doe.7@acme-7.io` -> `jane-doe-7`, `acme-7`. */
function slug(value: string): string {
  return (
    value
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'someone'
  );
}
const localPart = (email: string) => slug(email.slice(0, email.lastIndexOf('@')));
const companySlug = (domain: string) => slug(domain.replace(/\.[a-z]+$/i, ''));
const companyName = (slug: string) =>
  slug
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ') + ' Robotics';
const personUrl = (id: string) => `http://www.linkedin.com/in/${id}`;
const companyUrl = (slug: string) => `http://www.linkedin.com/company/${slug}-robotics`;

function apolloPerson(email: string) {
  const id = localPart(email);
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const company = companySlug(domain);
  return {
    person: {
      id: `64a7ff0cc4dfae00013df1a5`,
      first_name: 'Jane',
      last_name: 'Doe',
      name: 'Jane Doe',
      linkedin_url: personUrl(id),
      title: 'VP Operations',
      email_status: 'verified',
      photo_url: `https://media.licdn.com/dms/image/C4E03AQF/${id}-profile-displayphoto.jpg`,
      headline: `VP Operations at ${companyName(company)}`,
      email,
      organization_id: '5e66b6381e05b4008c8331b8',
      employment_history: [
        {
          _id: '66d13c8d98ec9600013525b8',
          current: false,
          end_date: '2021-02-01',
          organization_id: '54a1216869702d8cccfb6002',
          organization_name: 'Globex Logistics',
          start_date: '2016-03-01',
          title: 'Director of Operations',
        },
        {
          _id: '66d13c8d98ec9600013525b9',
          current: true,
          end_date: null,
          organization_id: '5e66b6381e05b4008c8331b8',
          organization_name: companyName(company),
          start_date: '2021-03-01',
          title: 'VP Operations',
        },
      ],
      state: 'Berlin',
      city: 'Berlin',
      country: 'Germany',
      organization: { id: '5e66b6381e05b4008c8331b8', name: companyName(company), website_url: `http://www.${domain}`, linkedin_url: companyUrl(company), primary_domain: domain },
      departments: ['master_operations'],
      seniority: 'vp',
    },
  };
}

function apolloOrganization(domain: string) {
  const company = companySlug(domain);
  return {
    organization: {
      id: '5e66b6381e05b4008c8331b8',
      name: companyName(company),
      website_url: `http://www.${domain}`,
      linkedin_url: companyUrl(company),
      founded_year: 2019,
      primary_domain: domain,
      industry: 'Machinery',
      keywords: ['warehouse automation', 'picking robots'],
      estimated_num_employees: 180,
      raw_address: 'Friedrichstrasse 68, Berlin, Berlin 10117, Germany',
      city: 'Berlin',
      state: 'Berlin',
      country: 'Germany',
      short_description: `${companyName(company)} builds picking robots for mid-size warehouses.`,
      annual_revenue_printed: '24M',
      annual_revenue: 24000000,
      technology_names: ['Cloudflare', 'Google Analytics', 'HubSpot', 'Salesforce'],
    },
  };
}

const DM_TITLES = ['Founder & CEO', 'CTO', 'COO', 'CFO', 'VP Sales', 'VP Engineering', 'Head of Product', 'Director of Operations', 'Head of Marketing', 'VP Customer Success'];
const DM_NAMES = ['Tim Zheng', 'Raj Jain', 'Ann Lee', 'Kim Park', 'Omar Haddad', 'Lena Vogel', 'Piotr Nowak', 'Sara Rossi', 'Ines Duarte', 'Max Berg'];

/** The search answers titles and ids, obfuscated last names and no profile URLs: bulk enrichment is needed. */
function apolloSearch(body: { q_organization_domains_list?: string[] }) {
  const domain = body.q_organization_domains_list?.[0] ?? 'unknown.io';
  const name = companyName(companySlug(domain));
  return {
    people: DM_TITLES.map((title, i) => ({
      id: `dm-${companySlug(domain)}-${i}`,
      first_name: DM_NAMES[i]!.split(' ')[0],
      last_name_obfuscated: `${DM_NAMES[i]!.split(' ')[1]!.charAt(0)}***`,
      title,
      has_email: true,
      organization: { name },
    })),
    total_entries: DM_TITLES.length,
  };
}

function apolloBulkMatch(body: { details?: { id?: string }[] }) {
  return {
    status: 'success',
    matches: (body.details ?? []).map(({ id = '' }) => {
      const index = Number(id.slice(id.lastIndexOf('-') + 1)) || 0;
      const company = id.slice(3, id.lastIndexOf('-'));
      return {
        id,
        name: DM_NAMES[index % DM_NAMES.length],
        title: DM_TITLES[index % DM_TITLES.length],
        linkedin_url: `http://www.linkedin.com/in/${slug(DM_NAMES[index % DM_NAMES.length]!)}-${company}`,
        photo_url: null,
        city: 'Berlin',
        country: 'Germany',
        organization: { name: companyName(company) },
      };
    }),
  };
}

function pdlPerson(email: string) {
  const id = localPart(email);
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return {
    status: 200,
    likelihood: 9,
    data: {
      full_name: 'jane doe',
      first_name: 'jane',
      last_name: 'doe',
      linkedin_url: `linkedin.com/in/${id}`,
      work_email: email,
      job_title: 'vp operations',
      job_company_name: companyName(companySlug(domain)).toLowerCase(),
      job_company_website: domain,
      job_start_date: '2021-03',
      location_name: 'berlin, germany',
      location_country: 'germany',
    },
  };
}

function pdlCompany(website: string) {
  const company = companySlug(website);
  return {
    status: 200,
    name: companyName(company).toLowerCase(),
    display_name: companyName(company),
    size: '51-200',
    employee_count: 183,
    founded: 2019,
    industry: 'machinery',
    location: { name: 'berlin, berlin, germany', locality: 'berlin', country: 'germany' },
    linkedin_url: `linkedin.com/company/${company}-robotics`,
    website,
    summary: `${companyName(company).toLowerCase()} builds picking robots for mid-size warehouses.`,
    inferred_revenue: '$10M-$25M',
    likelihood: 8,
  };
}

type InternalId = (publicId: string, kind: 'person' | 'company') => string;

function unipileProfile(publicId: string, internalId: InternalId) {
  return {
    object: 'UserProfile',
    provider: 'LINKEDIN',
    provider_id: internalId(publicId, 'person'),
    public_identifier: publicId,
    first_name: 'Jane',
    last_name: 'Doe',
    headline: 'VP Operations',
    location: 'Berlin, Germany',
    follower_count: 2841,
    connections_count: 1517,
    network_distance: 'DISTANCE_2',
  };
}

function unipileCompany(publicId: string, internalId: InternalId) {
  return {
    object: 'CompanyProfile',
    id: internalId(publicId, 'company'),
    name: companyName(publicId.replace(/-robotics$/, '')),
    description: 'Picking robots for mid-size warehouses.',
    public_identifier: publicId,
    profile_url: `https://www.linkedin.com/company/${publicId}/`,
    followers_count: 12480,
    employee_count: 180,
    website: `https://${publicId}.io`,
  };
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/** Three own posts and one reshare, newest first, within the last weeks. */
function unipilePosts(owner: string, company: boolean) {
  const author = company ? { public_identifier: owner, id: owner, name: 'Acme Robotics', is_company: true } : { public_identifier: owner, id: owner, name: 'Jane Doe', is_company: false };
  const texts = company
    ? [
        'Our Berlin hub is open. Thank you to everyone who made it happen.',
        'We are hiring robotics engineers for the new hub.',
        'Meet us at LogiMAT next month: live picking demos all week.',
        'A customer story: how a mid-size warehouse moved picking to robots.',
      ]
    : [
        'Three things we learned moving picking to robots: start with the ugly SKUs, measure mispicks, train the night shift first.',
        'Proud of the operations team this quarter.',
        'Reading about warehouse automation trends in Europe.',
        'Hiring: a shift lead for our Berlin site.',
      ];
  return {
    object: 'PostList',
    items: texts.map((text, i) => ({
      object: 'Post',
      provider: 'LINKEDIN',
      id: `7416634110933610${i}${owner.length}`,
      social_id: `urn:li:activity:7416634110933610${i}${owner.length}`,
      share_url: `https://www.linkedin.com/posts/${owner}_activity-7416634110933610${i}`,
      text,
      date: `${i + 1}w`,
      parsed_datetime: daysAgo(7 * (i + 1)),
      reaction_counter: 40 + i,
      comment_counter: i,
      author: i === 2 ? { public_identifier: 'someone-else', id: 'ACoAAOther', name: 'Someone Else', is_company: false } : author,
      ...(i === 2 ? { is_repost: true, reposted_by: author } : { is_repost: false }),
      attachments: [],
    })),
    cursor: null,
  };
}

function rfc822(iso: string): string {
  return new Date(iso).toUTCString();
}

/** Google News RSS for the query, four recent items (one a duplicate headline from another outlet). */
function newsFeed(q: string): string {
  const name = /^"([^"]*)"/.exec(q)?.[1] ?? 'Acme Robotics';
  const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  const items = [
    { title: `${name} opens Berlin engineering hub`, outlet: 'Reuters', site: 'https://www.reuters.com', days: 20 },
    { title: `${name} raises Series B to expand warehouse automation`, outlet: 'TechCrunch', site: 'https://techcrunch.com', days: 45 },
    { title: `${name} opens Berlin engineering hub`, outlet: 'Handelsblatt', site: 'https://www.handelsblatt.com', days: 21 },
    { title: `${name} hires former logistics executive as COO`, outlet: 'Robotics Business Review', site: 'https://www.roboticsbusinessreview.com', days: 90 },
  ];
  const body = items
    .map((item, i) => {
      const link = `https://news.google.com/rss/articles/CBMiY2h0dHBzOi8vd3d3LnJldXRlcnMuY29t${i}${slug(name)}?oc=5`;
      return `<item><title>${escape(`${item.title} - ${item.outlet}`)}</title><link>${link}</link><guid isPermaLink="false">${i}${slug(name)}</guid><pubDate>${rfc822(daysAgo(item.days))}</pubDate><description>&lt;a href="${link}"&gt;${escape(escape(item.title))}&lt;/a&gt;</description><source url="${item.site}">${escape(item.outlet)}</source></item>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><generator>NFE/5.0</generator><title>${escape(q)} - Google News</title><link>https://news.google.com/search?q=${encodeURIComponent(q)}&amp;hl=en-US&amp;gl=US&amp;ceid=US:en</link><language>en-US</language><description>Google News</description>\n${body}\n</channel></rss>`;
}

/** A 1x1 PNG: Gravatar answers the image itself. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

// ---- the LLM: an answer that follows the request's own strict schema ----

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: string[];
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/**
 * Fills the schema: every required property, lists as long as they may be (the spec's sizes are
 * maxima), each item citing the seller's product (`product`: a fact id the schema offers), sentences
 * of a real brief's length that claim nothing the grounding checks could miss in the facts: no
 * digits, no names, and "shared" (a reshared post's summary must say so).
 */
function fill(schema: JsonSchema, path: string): unknown {
  if (schema.type === 'object') {
    return Object.fromEntries((schema.required ?? Object.keys(schema.properties ?? {})).map((key) => [key, fill(schema.properties?.[key] ?? {}, `${path}/${key}`)]));
  }
  if (schema.type === 'array' && schema.items?.enum) {
    const ids = schema.items.enum;
    return [ids.includes('product') ? 'product' : ids[0]].slice(0, Math.max(schema.minItems ?? 1, 1));
  }
  if (schema.type === 'array') {
    return Array.from({ length: schema.maxItems ?? schema.minItems ?? 0 }, (_, i) => fill(schema.items ?? { type: 'string' }, `${path}/${ORDINALS[i] ?? 'next'}`));
  }
  if (schema.enum) return schema.enum[0];
  if (path === '/title_en') return 'VP Operations';
  if (path === '/description_en') return 'The company builds picking robots for mid-size warehouses.';
  const topic = path
    .split('/')
    .filter((part) => part !== '' && part !== 'text')
    .join(' ')
    .replaceAll('_', ' ');
  return `This is the ${topic} of the brief, shared here from the facts given about the prospect and the company, in plain words a seller can use on a first call.`;
}

function chatCompletion(request: { model?: string; response_format?: { json_schema?: { schema?: JsonSchema } } }) {
  const schema = request.response_format?.json_schema?.schema ?? { type: 'object' };
  const content = JSON.stringify(fill(schema, ''));
  return {
    id: 'chatcmpl-bench',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: request.model ?? 'gpt-4o-mini',
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null, annotations: [] }, logprobs: null, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1874, completion_tokens: Math.round(content.length / 4), total_tokens: 1874 + Math.round(content.length / 4) },
    system_fingerprint: 'fp_bench',
  };
}
