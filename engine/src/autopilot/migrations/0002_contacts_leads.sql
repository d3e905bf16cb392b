-- Up Migration

-- Contacts a CRM sent to the Autopilot (POST /autopilot/contacts, or the CRM port in process), one row
-- per account and CRM contact id, with where routing put them. A contact is routed when it arrives
-- (`received`), and again while it `waiting`s: the rows due now are those whose next_check_at has
-- passed. `enrolled`, `skipped` and `abandoned` are decided: next_check_at is NULL.
CREATE TABLE autopilot_contacts (
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  -- The CRM's own id, as text (HubSpot's are numbers written as text).
  contact_id text NOT NULL CHECK (length(contact_id) BETWEEN 1 AND 100),
  -- The CRM contact's properties as last sent: the creation's, with later changes merged in.
  properties jsonb NOT NULL,
  -- properties.email as research takes it (normalised); NULL when the contact has none that is valid.
  email text,
  -- When the CRM created it (only Autopilots switched on before that act on it); when it arrived.
  created_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL,
  state text NOT NULL DEFAULT 'received' CHECK (state IN ('received', 'waiting', 'enrolled', 'skipped', 'abandoned')),
  -- Why it is where it is (docs/autopilot.md, "States and reasons"); NULL while received.
  reason text,
  -- enrolled: its Autopilot; waiting for credits: the Autopilot that matched and holds it.
  autopilot_id bigint REFERENCES autopilots (id),
  -- When it began to wait: its queue wait counts from here.
  waiting_since timestamptz,
  -- When routing looks at it next; NULL once decided.
  next_check_at timestamptz,
  -- The last routing decision: when, and why, in words (each skip rule, each Autopilot checked, each rule);
  -- json, not jsonb: it is answered as written, its fields in their order, and never queried into.
  decided_at timestamptz,
  explanation json,
  PRIMARY KEY (account_id, contact_id),
  CHECK ((state IN ('received', 'waiting')) = (next_check_at IS NOT NULL)),
  CHECK ((state = 'received') = (decided_at IS NULL)),
  CHECK (state <> 'enrolled' OR autopilot_id IS NOT NULL)
);

-- Routing's way to an account's contacts due now, and the sweep's to the accounts that have some.
CREATE INDEX autopilot_contacts_due ON autopilot_contacts (account_id, next_check_at) WHERE next_check_at IS NOT NULL;
-- Preview's "the last N contacts received".
CREATE INDEX autopilot_contacts_received ON autopilot_contacts (account_id, received_at DESC);

-- A lead: a contact enrolled in an Autopilot, at most one per contact (a lead belongs to at most one
-- Autopilot). Its outcome and end reason are the spec's; sequences and sending (a later part) move them.
CREATE TABLE autopilot_leads (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id bigint NOT NULL,
  contact_id text NOT NULL,
  autopilot_id bigint NOT NULL REFERENCES autopilots (id),
  -- The document's revision that enrolled it.
  autopilot_revision integer NOT NULL,
  -- How: its filter matched, a fallback took it when its queue wait ended, or by hand.
  enrolled_by text NOT NULL CHECK (enrolled_by IN ('matched', 'fallback', 'reprocessed', 'assigned')),
  -- Its research: started (and paid for) at enrolment, or an earlier brief reused ("research each contact only once").
  research_id uuid REFERENCES research_jobs (id) ON DELETE SET NULL,
  research_reused boolean NOT NULL,
  outcome text NOT NULL DEFAULT 'Active' CHECK (outcome IN ('Active', 'Responded', 'Closed', 'Failed')),
  end_reason text CHECK (end_reason IN ('replied', 'call_connected', 'meeting_booked', 'invite_accepted', 'property_changed', 'unsubscribed',
                                        'closed_manually', 'sequence_ended', 'no_reachable_channel', 'fell_behind', 'domain_excluded', 'autopilot_archived')),
  enrolled_at timestamptz NOT NULL,
  ended_at timestamptz,
  UNIQUE (account_id, contact_id),
  FOREIGN KEY (account_id, contact_id) REFERENCES autopilot_contacts (account_id, contact_id) ON DELETE CASCADE,
  CHECK ((outcome = 'Active') = (ended_at IS NULL)),
  CHECK (outcome <> 'Active' OR end_reason IS NULL)
);

CREATE INDEX autopilot_leads_by_account ON autopilot_leads (account_id, id DESC);
CREATE INDEX autopilot_leads_by_autopilot ON autopilot_leads (autopilot_id, id DESC);

-- Down Migration

DROP TABLE autopilot_leads;
DROP TABLE autopilot_contacts;
