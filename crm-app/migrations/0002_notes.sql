-- Up Migration

-- The research briefs logged as notes on contacts, once per research and portal. A run claims a
-- research by inserting its row in the transaction that creates the note in HubSpot, and commits it
-- with the note's id: a second run waits on the claim and then finds the row, so it never creates a
-- second note; a failed call rolls the claim back and a later run tries again. A row is never committed
-- with neither `note_id` nor `refusal`.
CREATE TABLE hubspot_notes (
  portal_id bigint NOT NULL,
  research_id uuid NOT NULL REFERENCES research_jobs (id) ON DELETE CASCADE,
  -- The contact the note is associated with.
  contact_id text NOT NULL,
  -- HubSpot's id of the note; NULL when HubSpot refused it.
  note_id text,
  -- HubSpot refused the note for good (a 4xx other than 401, 403 and 429: the contact is gone, say):
  -- {status, body} as it answered. Such a research is not tried again.
  refusal jsonb,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (portal_id, research_id)
);

-- Down Migration

DROP TABLE hubspot_notes;
