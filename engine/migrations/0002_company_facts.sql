-- Up Migration

-- What each paid company source answered about a company (enrichment; decision makers), so the next
-- prospect at the same company does not pay for the same call. `key` names the format, the source and
-- what it was asked; each kind is read within its own time-to-live (CACHE_TTL_*_DAYS), after which the
-- sweeper deletes it (decision makers are personal data).
CREATE TABLE company_facts (
  kind text NOT NULL CHECK (kind IN ('company', 'decision_makers')),
  key text NOT NULL,
  domain text NOT NULL,
  facts jsonb NOT NULL,
  fetched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, key)
);
CREATE INDEX company_facts_fetched_at ON company_facts (fetched_at);

-- Down Migration

DROP TABLE company_facts;
