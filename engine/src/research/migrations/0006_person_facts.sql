-- Up Migration

-- What each paid person source (Apollo, People Data Labs) answered about an address is kept like the
-- company's answers (factsCache.ts), as its own kind, read and swept at the people's time-to-live
-- (CACHE_TTL_PEOPLE_DAYS). The table keeps its name: it holds every paid source's kept answers.
ALTER TABLE company_facts
  DROP CONSTRAINT company_facts_kind_check,
  ADD CONSTRAINT company_facts_kind_check CHECK (kind IN ('person', 'company', 'decision_makers'));

-- Person answers kept before this migration were stored as kind 'company' under keys starting
-- 'person|': they become 'person' rows under the key the cache now reads.
UPDATE company_facts SET kind = 'person', key = substr(key, length('person|') + 1)
WHERE kind = 'company' AND starts_with(key, 'person|');

-- Down Migration

-- The older schema has no 'person' kind: the person answers go back to where it looked for them.
UPDATE company_facts SET kind = 'company', key = 'person|' || key WHERE kind = 'person';
ALTER TABLE company_facts
  DROP CONSTRAINT company_facts_kind_check,
  ADD CONSTRAINT company_facts_kind_check CHECK (kind IN ('company', 'decision_makers'));
