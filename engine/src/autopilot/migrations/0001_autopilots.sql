-- Up Migration

-- An account's Autopilots. Routing reads the enabled ones of an account top to bottom in one query on
-- (account_id, position); leads (not built yet) will reference autopilots (id), which is why an
-- Autopilot is archived rather than deleted: its leads and their history keep pointing at it.
CREATE TABLE autopilots (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  -- As the document names it (trimmed, NFC); name_key is what makes two names one (case ignored).
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  name_key text NOT NULL,
  -- Top to bottom from 1, dense among the account's live Autopilots; NULL once archived.
  position integer CHECK (position >= 1),
  enabled boolean NOT NULL DEFAULT false,
  -- When it was last switched on: only contacts created after it are acted on.
  enabled_at timestamptz,
  fallback boolean NOT NULL,
  -- The normalised filter ({match, rules}), apart from the rest so routing reads only what it needs.
  filter jsonb NOT NULL,
  -- The rest of the normalised document: channels, tone, goal, lead_origin, threading, sequence, stop_conditions.
  document jsonb NOT NULL,
  -- Goes up by one each time the filter or the document changes.
  revision integer NOT NULL DEFAULT 1 CHECK (revision >= 1),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  archived_at timestamptz,
  CHECK ((archived_at IS NULL) = (position IS NOT NULL)),
  CHECK (enabled = (enabled_at IS NOT NULL)),
  CHECK (archived_at IS NULL OR NOT enabled),
  -- Deferred: a reorder moves several positions in one statement, and only the end result must be unique.
  CONSTRAINT autopilots_position_unique UNIQUE (account_id, position) DEFERRABLE INITIALLY DEFERRED
);

-- A name belongs to one live Autopilot; an archived one frees it.
CREATE UNIQUE INDEX autopilots_live_name ON autopilots (account_id, name_key) WHERE archived_at IS NULL;

-- The account settings that affect the Autopilot. No row: every setting at its default. The account's
-- content language is accounts.language (research and messages share it).
CREATE TABLE autopilot_settings (
  account_id bigint PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  queue_wait_hours integer NOT NULL DEFAULT 6 CHECK (queue_wait_hours IN (2, 6, 12, 24, 48)),
  -- NULL: off.
  drop_behind_days integer CHECK (drop_behind_days IN (7, 14, 30, 60)),
  skip_role_based boolean NOT NULL DEFAULT false,
  skip_free_providers boolean NOT NULL DEFAULT false,
  -- Lower-case ASCII (internationalised domains in their xn-- form), unique, sorted.
  excluded_domains text[] NOT NULL DEFAULT '{}',
  research_once boolean NOT NULL DEFAULT true,
  email_signature text CHECK (length(email_signature) BETWEEN 1 AND 2000),
  -- {name, company, postal_address}
  sender_identity jsonb,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration

DROP TABLE autopilot_settings;
DROP TABLE autopilots;
