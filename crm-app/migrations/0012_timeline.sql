-- Up Migration

-- Each portal's place in the engine's lead events (timeline/sendTimeline.ts): the outbox position
-- (`events.seq`, read through the engine's `readSourceEvents`) of the last event HubSpot took as an app
-- event occurrence, refused for good, or that had nothing to show. It moves only past what is settled,
-- so a crash or a HubSpot failure mid-run sends the rest again (HubSpot keeps the first occurrence of an
-- id: a resent one is not shown twice).
-- `blocked` says why nothing is sent now: `missing_scope` (the portal's token lacks `timeline`: installed
-- before the app asked for it), `forbidden` (HubSpot answered 403; `blocked_at` is when: the portal is
-- tried again once installed again), `events_off` (the engine keeps no lead events).
CREATE TABLE hubspot_timeline (
  portal_id bigint PRIMARY KEY,
  after_seq bigint NOT NULL DEFAULT 0,
  blocked text CHECK (blocked IN ('missing_scope', 'forbidden', 'events_off')),
  blocked_at timestamptz,
  updated_at timestamptz NOT NULL
);

-- Occurrences HubSpot refused for good (a 4xx for the occurrence alone: a contact it no longer has, a
-- value its event type does not take). HubSpot's status and category, never its words (they may
-- quote the occurrence's subject).
CREATE TABLE hubspot_timeline_refused (
  portal_id bigint NOT NULL,
  occurrence_id text NOT NULL,
  contact_id text NOT NULL,
  status integer NOT NULL,
  category text,
  refused_at timestamptz NOT NULL,
  PRIMARY KEY (portal_id, occurrence_id)
);

-- Down Migration

DROP TABLE hubspot_timeline_refused;
DROP TABLE hubspot_timeline;
