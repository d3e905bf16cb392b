-- Up Migration

-- A portal installed from HubSpot (its marketplace listing, its install URL: no `state` of ours) is
-- connected before anyone says which engine account it feeds: it is `unclaimed` (tokens, no account)
-- until an account claims it with the one-time code its install page showed. Its webhook events are
-- not taken (nothing routes them) and nothing is written to it; its setup still runs.
ALTER TABLE hubspot_portals ALTER COLUMN account_id DROP NOT NULL;
ALTER TABLE hubspot_portals DROP CONSTRAINT hubspot_portals_state_check;
ALTER TABLE hubspot_portals DROP CONSTRAINT hubspot_portals_check;
ALTER TABLE hubspot_portals
  ADD CONSTRAINT hubspot_portals_state_check CHECK (state IN ('connected', 'unclaimed', 'disconnected')),
  -- Tokens exactly while HubSpot lets us in.
  ADD CONSTRAINT hubspot_portals_tokens_check CHECK ((state IN ('connected', 'unclaimed')) = (refresh_token IS NOT NULL)),
  -- A connected portal feeds one account; an unclaimed one none. A disconnected one keeps the account it had, if any.
  ADD CONSTRAINT hubspot_portals_account_check CHECK (CASE state WHEN 'connected' THEN account_id IS NOT NULL WHEN 'unclaimed' THEN account_id IS NULL ELSE true END);

-- The one-time codes that attach an unclaimed portal to an account (POST /hubspot/portals/claim,
-- `prospect-engine hubspot claim`). Only a SHA-256 of the code is kept: the code itself is shown once,
-- on the install page. A code works once, until `expires_at`; installing again from HubSpot makes a
-- new one and ends the portal's earlier ones (`replaced_at`).
CREATE TABLE hubspot_claim_codes (
  code_hash text PRIMARY KEY,
  portal_id bigint NOT NULL REFERENCES hubspot_portals (portal_id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  used_by_account bigint REFERENCES accounts (id) ON DELETE SET NULL,
  replaced_at timestamptz
);

CREATE INDEX hubspot_claim_codes_by_portal ON hubspot_claim_codes (portal_id);
CREATE INDEX hubspot_claim_codes_by_expiry ON hubspot_claim_codes (expires_at);

-- OAuth `state`s already used at the callback: a state works once. Kept until the state would have
-- expired anyway (its signature says when), then deleted by the next callback.
CREATE TABLE hubspot_oauth_states (
  state_id text PRIMARY KEY,
  used_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);

CREATE INDEX hubspot_oauth_states_by_expiry ON hubspot_oauth_states (expires_at);

-- The portal each install link connected first: a link connects that portal and no other (installing
-- that portal again with it is fine). `link_id` is a hash of the link's signature. Kept until the link
-- has certainly expired.
CREATE TABLE hubspot_install_links (
  link_id text PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  portal_id bigint NOT NULL,
  used_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);

CREATE INDEX hubspot_install_links_by_expiry ON hubspot_install_links (expires_at);

-- Down Migration

DROP TABLE hubspot_install_links;
DROP TABLE hubspot_oauth_states;
DROP TABLE hubspot_claim_codes;
-- The earlier schema has no portal without an account (an unclaimed portal has none).
DELETE FROM hubspot_portals WHERE account_id IS NULL;
ALTER TABLE hubspot_portals DROP CONSTRAINT hubspot_portals_account_check;
ALTER TABLE hubspot_portals DROP CONSTRAINT hubspot_portals_tokens_check;
ALTER TABLE hubspot_portals DROP CONSTRAINT hubspot_portals_state_check;
ALTER TABLE hubspot_portals
  ADD CONSTRAINT hubspot_portals_state_check CHECK (state IN ('connected', 'disconnected')),
  ADD CONSTRAINT hubspot_portals_check CHECK ((state = 'connected') = (refresh_token IS NOT NULL));
ALTER TABLE hubspot_portals ALTER COLUMN account_id SET NOT NULL;
