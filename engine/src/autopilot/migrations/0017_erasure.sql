-- Up Migration

-- Erasure (erasure/eraseContact.ts, docs/autopilot.md "Erasing a contact"): a CRM's privacy deletion, or
-- DELETE /autopilot/contacts/{id}?erase=true, or `prospect-engine contacts erase`, removes a contact and
-- erases what the engine holds about the person: its properties, address and explanation, its research,
-- its messages, the replies and what the channels stored. The contact's row stays (its lead, the lead's
-- touches and the credit ledger's research keep what the ledger and the counts need): `erased_at` says
-- when it was emptied, and nothing personal is written to it again.
ALTER TABLE autopilot_contacts ADD COLUMN erased_at timestamptz;

-- One row per erasure asked for, kept for good as its proof: which contact (its id as kept after the
-- erasure), when, who asked (a CRM's privacy deletion, the API, the CLI) and how many records of each
-- kind were erased. Nothing personal: no address, no name, no value.
CREATE TABLE autopilot_erasures (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  source text NOT NULL,
  contact_id text NOT NULL,
  lead_id bigint,
  requested_by text NOT NULL CHECK (requested_by IN ('crm_privacy_deletion', 'api', 'cli')),
  -- The API key that asked (requested_by `api`); NULL otherwise, or once the key is gone.
  api_key_id bigint REFERENCES api_keys (id) ON DELETE SET NULL,
  erased_at timestamptz NOT NULL,
  -- Records erased by kind ({"contact": 1, "research": 2, "touches": 3, ...}); all 0 when nothing was left.
  erased jsonb NOT NULL,
  -- The address had opted out: its hash is kept (autopilot_suppressed) so the opt-out still holds.
  suppressed boolean NOT NULL
);
CREATE INDEX autopilot_erasures_by_account ON autopilot_erasures (account_id, erased_at DESC);

-- Opt-outs that outlive an erasure: an address that unsubscribed must never be contacted again, even
-- once everything else about it is erased. What is kept is SHA-256 of "<account id>:<address>", never
-- the address: routing recognises the address when a contact brings it again, and the row says nothing
-- to anyone who does not already have it.
CREATE TABLE autopilot_suppressed (
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  address_hash bytea NOT NULL,
  since timestamptz NOT NULL,
  PRIMARY KEY (account_id, address_hash)
);

-- Down Migration

DROP TABLE autopilot_suppressed, autopilot_erasures;
ALTER TABLE autopilot_contacts DROP COLUMN erased_at;
