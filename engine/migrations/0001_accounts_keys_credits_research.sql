-- Up Migration

-- Plans are data: the spec's defaults, changeable without a release.
CREATE TABLE plans (
  id text PRIMARY KEY,
  -- NULL: no default, every account on the plan carries its own figure (Enterprise).
  monthly_credits integer CHECK (monthly_credits >= 0),
  max_api_keys integer CHECK (max_api_keys >= 0),
  decision_makers boolean NOT NULL,
  -- Running out of credits on a trial plan answers `trial_limit_reached` instead of `credits_exhausted`.
  trial boolean NOT NULL
);

INSERT INTO plans (id, monthly_credits, max_api_keys, decision_makers, trial) VALUES
  ('free', 10, 1, false, true),
  ('individual', 125, 1, false, false),
  ('bdr', 300, 3, true, false),
  ('bdr_plus', 800, 10, true, false),
  ('enterprise', NULL, NULL, true, false);

CREATE TABLE accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  plan text NOT NULL REFERENCES plans (id),
  language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'pl', 'de', 'fr', 'es', 'it', 'pt', 'nl')),
  -- Overrides of the plan's figures; required where the plan has none.
  monthly_credits integer CHECK (monthly_credits >= 0),
  max_api_keys integer CHECK (max_api_keys >= 0),
  -- Each billing cycle starts on a monthly anniversary of this instant (UTC).
  billing_anchor timestamptz NOT NULL DEFAULT date_trunc('second', now()),
  current_product_id bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE products (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 4000),
  features text[] NOT NULL,
  customers text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, id)
);

-- The current product must be one of the account's own.
ALTER TABLE accounts
  ADD CONSTRAINT accounts_current_product_fkey
  FOREIGN KEY (id, current_product_id) REFERENCES products (account_id, id);

-- An account with its plan's figures applied: what every check of credits, keys and features reads.
CREATE VIEW accounts_with_plan AS
SELECT a.id, a.name, a.plan, a.language,
       coalesce(a.monthly_credits, p.monthly_credits) AS monthly_credits,
       coalesce(a.max_api_keys, p.max_api_keys) AS max_api_keys,
       p.decision_makers, p.trial, a.billing_anchor, a.current_product_id, a.created_at
FROM accounts a JOIN plans p ON p.id = a.plan;

CREATE TABLE api_keys (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  -- SHA-256 of the whole key: keys carry 250 bits of entropy, so a fast hash is enough and lookups stay one index probe.
  key_hash bytea NOT NULL UNIQUE,
  -- The prefix and the last four characters, to tell keys apart in listings.
  hint text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);

CREATE INDEX api_keys_active_by_account ON api_keys (account_id) WHERE revoked_at IS NULL;

-- Start of the billing cycle that contains `at`: the latest monthly anniversary of `anchor` not after `at`.
-- Month arithmetic clamps to the month's last day (an anchor on the 31st renews on Feb 28/29).
CREATE FUNCTION billing_cycle_start(anchor timestamptz, at timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  WITH utc AS (SELECT anchor AT TIME ZONE 'UTC' AS a, at AT TIME ZONE 'UTC' AS t),
  months AS (
    SELECT a, t, (extract(year FROM t) - extract(year FROM a)) * 12 + extract(month FROM t) - extract(month FROM a) AS n
    FROM utc
  )
  SELECT (CASE WHEN a + make_interval(months => n::int) <= t
               THEN a + make_interval(months => n::int)
               ELSE a + make_interval(months => n::int - 1) END) AT TIME ZONE 'UTC'
  FROM months
$$;

-- One row per account and billing cycle: the pool the API, the extension and the Autopilot share.
CREATE TABLE credit_cycles (
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  cycle_start timestamptz NOT NULL,
  used integer NOT NULL DEFAULT 0 CHECK (used >= 0),
  PRIMARY KEY (account_id, cycle_start)
);

CREATE TABLE research_jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  -- The key that started the job; NULL for jobs the Autopilot starts.
  api_key_id bigint REFERENCES api_keys (id),
  product_id bigint NOT NULL REFERENCES products (id),
  email text NOT NULL,
  -- The optional request fields as the caller gave them.
  request jsonb NOT NULL DEFAULT '{}',
  language text NOT NULL,
  decision_makers boolean NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'processing', 'completed', 'failed')),
  error text CHECK (error IN ('internal_error', 'timeout')),
  result jsonb,
  from_cache boolean,
  idempotency_key text CHECK (length(idempotency_key) BETWEEN 1 AND 255),
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  deadline_at timestamptz,
  finished_at timestamptz,
  CHECK ((status = 'completed') = (result IS NOT NULL)),
  CHECK ((status = 'failed') = (error IS NOT NULL)),
  CHECK (status <> 'processing' OR deadline_at IS NOT NULL),
  UNIQUE (account_id, idempotency_key)
);

CREATE INDEX research_jobs_processing_deadline ON research_jobs (deadline_at) WHERE status = 'processing';
CREATE INDEX research_jobs_recently_completed ON research_jobs (finished_at DESC) WHERE status = 'completed' AND NOT from_cache;

-- Every credit that moves, with the job it paid for: debits and refunds, at most one of each per job.
CREATE TABLE credit_ledger (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id bigint NOT NULL,
  cycle_start timestamptz NOT NULL,
  research_id uuid NOT NULL REFERENCES research_jobs (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('debit', 'refund')),
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (account_id, cycle_start) REFERENCES credit_cycles (account_id, cycle_start) ON DELETE CASCADE,
  UNIQUE (research_id, kind)
);

-- Stable numeric identities for the `id` fields of a brief: a person by e-mail or profile URL, a company by domain.
CREATE TABLE people (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text UNIQUE,
  linkedin_url text UNIQUE,
  CHECK (email IS NOT NULL OR linkedin_url IS NOT NULL)
);

CREATE TABLE companies (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  domain text NOT NULL UNIQUE
);

-- Finished briefs per (email, product): a hit still costs a credit but completes at once.
CREATE TABLE research_cache (
  email text NOT NULL,
  product_id bigint NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  language text NOT NULL,
  decision_makers boolean NOT NULL,
  -- Which pipeline (and which sources) produced the brief: turning a source on invalidates older briefs.
  pipeline text NOT NULL,
  data jsonb NOT NULL,
  person_fetched_at timestamptz NOT NULL,
  company_fetched_at timestamptz NOT NULL,
  decision_makers_fetched_at timestamptz,
  PRIMARY KEY (email, product_id, language, decision_makers, pipeline)
);

-- Down Migration

DROP TABLE research_cache, companies, people, credit_ledger, research_jobs, credit_cycles, api_keys;
DROP VIEW accounts_with_plan;
ALTER TABLE accounts DROP CONSTRAINT accounts_current_product_fkey;
DROP TABLE products, accounts, plans;
DROP FUNCTION billing_cycle_start(timestamptz, timestamptz);
