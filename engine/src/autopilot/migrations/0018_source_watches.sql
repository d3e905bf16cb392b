-- Up Migration

-- How each CRM source of an account learns of its contacts' property changes, as the CRM app reading it
-- says (the HubSpot app: one row per portal). `webhook`: the properties whose changes the CRM sends as
-- they happen; `sweep_minutes`: every other property's changes are looked for by a periodic sweep,
-- which finds one within about so many minutes (NULL: they are not looked for); `active` false: the source reads nothing now (a disconnected portal).
-- An Autopilot's answer says from it how each of its stop properties is watched in each source.
CREATE TABLE autopilot_source_watches (
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  source text NOT NULL,
  webhook text[] NOT NULL,
  sweep_minutes integer CHECK (sweep_minutes > 0),
  active boolean NOT NULL,
  reported_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, source)
);

-- Down Migration

DROP TABLE autopilot_source_watches;
