-- Up Migration

-- What the paid company sources answered about a company (enrichment; decision makers), so the next
-- prospect at the same company does not pay for the same calls. `key` names the sources and the query
-- that produced the facts; each kind is read within its own time-to-live (CACHE_TTL_*_DAYS).
CREATE TABLE company_facts (
  kind text NOT NULL CHECK (kind IN ('company', 'decision_makers')),
  key text NOT NULL,
  domain text NOT NULL,
  facts jsonb NOT NULL,
  fetched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, key)
);
CREATE INDEX company_facts_domain ON company_facts (domain);

-- Down Migration

DROP TABLE company_facts;
