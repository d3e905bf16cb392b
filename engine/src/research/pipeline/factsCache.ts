import type { Queryable } from '../../platform/database/database.ts';
import type { Logger } from '../../platform/logger.ts';
import type { CompanySource, DecisionMakersSource, PersonSource, SourceContext } from '../sources/facts.ts';
import { isObject } from '../../platform/net/read.ts';
import { batchedPerTurn } from './batch.ts';

/**
 * What the paid sources answered, kept so that the same questions are not paid for twice: each person
 * source's enrichment (Apollo, People Data Labs), for the next research of the same address in any
 * language or for any product; each company source's enrichment, for the next prospect at the same
 * company; and the decision makers (Apollo's people search and enrichment, charged per person). Every
 * source's answer is kept on its own, under its name and what it was asked; an answer is one the source
 * gave (found or not found), never a failure (the source threw). Sources that cost nothing (website,
 * MX, Gravatar) are not kept. Each kind is read within its own time-to-live (`CACHE_TTL_PEOPLE_DAYS`
 * 30, `CACHE_TTL_COMPANIES_DAYS` 90, `CACHE_TTL_DECISION_MAKERS_DAYS` 60) and deleted past it.
 *
 * Storage: one table, `company_facts` (named for its first kinds), one row per kind and key; a person's
 * rows are kind `person` (research migration 0006), under the e-mail's domain.
 */
export type FactsKind = 'person' | 'company' | 'decision_makers';

/** Bump when an adapter's facts change shape or meaning: older facts then stop being reused. */
const FORMAT = 'facts-v2';

export interface CachedFacts {
  facts: unknown;
  fetchedAt: Date;
}

export interface FactsCache {
  /** The facts stored under `key` if they are younger than `maxAgeDays`. */
  read(kind: FactsKind, key: string, maxAgeDays: number): Promise<CachedFacts | undefined>;
  write(kind: FactsKind, key: string, domain: string, facts: unknown): Promise<void>;
}

/**
 * Reads and writes made in the same turn of the event loop (the company sources and the decision
 * makers of a job start together; jobs run side by side) each go to the database as one statement.
 */
export function postgresFactsCache(db: Queryable): FactsCache {
  const read = batchedPerTurn(async (asked: readonly { kind: FactsKind; key: string; maxAgeDays: number }[]) => {
    const { rows } = await db.query<{ i: number; facts: unknown; fetched_at: Date }>({
      name: 'research_read_facts',
      text: `SELECT q.i::int AS i, f.facts, f.fetched_at
        FROM unnest($1::text[], $2::text[], $3::float8[]) WITH ORDINALITY AS q(kind, key, max_age_days, i)
        JOIN company_facts f ON f.kind = q.kind AND f.key = q.key AND f.fetched_at > now() - q.max_age_days * interval '1 day'`,
      values: [asked.map((a) => a.kind), asked.map((a) => a.key), asked.map((a) => a.maxAgeDays)],
    });
    const found = new Map(rows.map((row) => [row.i, { facts: row.facts, fetchedAt: row.fetched_at }]));
    return asked.map((_, i) => found.get(i + 1));
  });
  const write = batchedPerTurn(async (written: readonly { kind: FactsKind; key: string; domain: string; facts: unknown }[]) => {
    // One row per key (the last written wins, as one statement after another would have it), in key
    // order, so that two processes writing the same keys lock them in the same order.
    const byKey = new Map(written.map((w) => [`${w.kind}|${w.key}`, w]));
    const rows = [...byKey.keys()].sort().map((key) => byKey.get(key)!);
    await db.query({
      name: 'research_write_facts',
      text: `INSERT INTO company_facts (kind, key, domain, facts)
        SELECT kind, key, domain, facts::jsonb FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS w(kind, key, domain, facts)
        ON CONFLICT (kind, key) DO UPDATE SET facts = EXCLUDED.facts, fetched_at = EXCLUDED.fetched_at`,
      values: [rows.map((w) => w.kind), rows.map((w) => w.key), rows.map((w) => w.domain), rows.map((w) => JSON.stringify(w.facts))],
    });
    return written.map(() => undefined);
  });
  return {
    read: (kind, key, maxAgeDays) => read({ kind, key, maxAgeDays }),
    write: (kind, key, domain, facts) => write({ kind, key, domain, facts }),
  };
}

/** Deletes facts older than their kind's time-to-live (run by the every-minute sweeper). */
export async function purgeExpiredFacts(db: Queryable, ttlDays: { people: number; companies: number; decisionMakers: number }): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM company_facts
     WHERE (kind = 'person' AND fetched_at < now() - $1 * interval '1 day')
        OR (kind = 'company' AND fetched_at < now() - $2 * interval '1 day')
        OR (kind = 'decision_makers' AND fetched_at < now() - $3 * interval '1 day')`,
    [ttlDays.people, ttlDays.companies, ttlDays.decisionMakers],
  );
  return rowCount ?? 0;
}

interface Reuse {
  cache: FactsCache;
  log: Logger;
  kind: FactsKind;
  maxAgeDays: number;
  /** Whether stored facts still have the shape the adapter answers (else they count as missing). */
  valid: (facts: unknown) => boolean;
}

/**
 * Answers from the cache, else asks once: jobs of this process asking the same thing at the same time
 * share one call (if that call fails or its job is stopped, each asks on its own). A cache that fails
 * is logged and bypassed; it never fails the job.
 */
function reuser<T>({ cache, log, kind, maxAgeDays, valid }: Reuse) {
  const inFlight = new Map<string, Promise<T>>();
  const bypass = (error: unknown) => {
    log.warn({ err: error, kind }, 'the facts cache failed; asking the source');
    return undefined;
  };
  return async (key: string, domain: string, context: SourceContext, ask: () => Promise<T>): Promise<T> => {
    const hit = await cache.read(kind, key, maxAgeDays).catch(bypass);
    if (hit && valid(hit.facts)) {
      context.reused?.(kind, hit.fetchedAt);
      return hit.facts as T;
    }
    const shared = inFlight.get(key);
    if (shared) {
      try {
        return await shared;
      } catch {
        // The other job's call failed or was cut short: ask on our own below.
      }
    }
    const own = ask();
    inFlight.set(key, own);
    try {
      const facts = await own;
      await cache.write(kind, key, domain, facts).catch(bypass);
      return facts;
    } finally {
      if (inFlight.get(key) === own) inFlight.delete(key);
    }
  };
}

/**
 * `source`, answering from the cache what it answered about the same person within `maxAgeDays`: the key
 * is what the source is asked (the address and the request's hints), never the language or the product.
 */
export function reusingPersonSource(source: PersonSource, cache: FactsCache, maxAgeDays: number, log: Logger): PersonSource {
  const reuse = reuser<Awaited<ReturnType<PersonSource['findPerson']>>>({ cache, log, kind: 'person', maxAgeDays, valid: (facts) => facts === null || isObject(facts) });
  return {
    name: source.name,
    findPerson: (query, context) => reuse(`${FORMAT}|${source.name}|${JSON.stringify(query)}`, query.email.slice(query.email.lastIndexOf('@') + 1), context, () => source.findPerson(query, context)),
  };
}

/** `source`, answering from the cache what it answered about the same company within `maxAgeDays`. */
export function reusingCompanySource(source: CompanySource, cache: FactsCache, maxAgeDays: number, log: Logger): CompanySource {
  const reuse = reuser<Awaited<ReturnType<CompanySource['findCompany']>>>({ cache, log, kind: 'company', maxAgeDays, valid: (facts) => facts === null || isObject(facts) });
  return {
    name: source.name,
    findCompany: (query, context) => reuse(`${FORMAT}|${source.name}|${JSON.stringify(query)}`, query.domain, context, () => source.findCompany(query, context)),
  };
}

/** `source`, answering from the cache the decision makers it found at the same company within `maxAgeDays`. */
export function reusingDecisionMakersSource(source: DecisionMakersSource, cache: FactsCache, maxAgeDays: number, log: Logger): DecisionMakersSource {
  const reuse = reuser<Awaited<ReturnType<DecisionMakersSource['decisionMakers']>>>({ cache, log, kind: 'decision_makers', maxAgeDays, valid: Array.isArray });
  return {
    name: source.name,
    decisionMakers: (company, limit, context) => reuse(`${FORMAT}|${source.name}|${company.domain}|${limit}`, company.domain, context, () => source.decisionMakers(company, limit, context)),
  };
}
