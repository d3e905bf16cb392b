-- Up Migration

-- What the inbound side made of each event a seat's provider reported (a webhook or the catch-up
-- poll), once per seat and event: a lead's reply, a message the seat itself sent, an accepted
-- connection request, a relation that was no request of ours, or nothing it could place. The answer to
-- "why did this lead end?" for the professional network, the messaging app and the chat app.
-- `event_key` is `message:<Unipile's message id>` or `relation:<the person's provider id>`.
CREATE TABLE autopilot_unipile_inbound (
  seat_id bigint NOT NULL REFERENCES autopilot_seats (id) ON DELETE CASCADE,
  event_key text NOT NULL CHECK (length(event_key) BETWEEN 1 AND 600),
  kind text NOT NULL CHECK (kind IN ('reply', 'own_message', 'invite_accepted', 'connection', 'unmatched')),
  lead_id bigint REFERENCES autopilot_leads (id) ON DELETE SET NULL,
  via text NOT NULL CHECK (via IN ('webhook', 'poll')),
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (seat_id, event_key)
);
CREATE INDEX autopilot_unipile_inbound_by_lead ON autopilot_unipile_inbound (lead_id) WHERE lead_id IS NOT NULL;

-- The catch-up poll reads relations (accepted connection requests) less often than messages: the
-- professional network watches how often an account lists them. Up to here they have been read.
ALTER TABLE autopilot_seats ADD COLUMN relations_read_at timestamptz;

-- Down Migration

ALTER TABLE autopilot_seats DROP COLUMN relations_read_at;
DROP TABLE autopilot_unipile_inbound;
