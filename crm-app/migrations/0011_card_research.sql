-- Up Migration

-- The research a rep started from the app card ("Research again", README.md "The card"): which
-- portal's contact it is for, and the card's request key, so that HubSpot's retry of the same POST (it
-- retries a 5xx once) answers the same job and takes no second credit. The job itself, its credit and
-- its ledger entry are the engine's (research_jobs, through insertResearchJob, whose Idempotency-Key is
-- `hubspot-card:<portal>:<contact>:<key>`); this row is written in the same transaction. A contact's
-- brief on the card is the newest of its lead's research and these. Retention deleting a job deletes
-- its row here.
CREATE TABLE hubspot_card_research (
  portal_id bigint NOT NULL,
  contact_id text NOT NULL,
  request_key text NOT NULL CHECK (length(request_key) BETWEEN 8 AND 100),
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  research_id uuid NOT NULL REFERENCES research_jobs (id) ON DELETE CASCADE,
  -- The HubSpot user who asked (hubspot.fetch's userId), for the record; null when HubSpot named none.
  hubspot_user_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (portal_id, contact_id, request_key)
);

CREATE INDEX hubspot_card_research_contact ON hubspot_card_research (portal_id, contact_id, created_at DESC);
CREATE INDEX hubspot_card_research_job ON hubspot_card_research (research_id);

-- Down Migration

DROP TABLE hubspot_card_research;
