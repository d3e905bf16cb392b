-- Up Migration

-- A HubSpot portal (account) that installed the app, linked to one engine account. Tokens are sealed
-- with SECRET_KEY (Secrets, purpose `hubspot-token`); both are NULL once the portal is disconnected or
-- uninstalled, and its webhook events are then no longer taken.
CREATE TABLE hubspot_portals (
  portal_id bigint PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  hub_domain text,
  scopes text[] NOT NULL DEFAULT '{}',
  state text NOT NULL CHECK (state IN ('connected', 'disconnected')),
  refresh_token text,
  access_token text,
  access_expires_at timestamptz,
  installed_at timestamptz NOT NULL,
  disconnected_at timestamptz,
  -- Why it was disconnected: `cli` (hubspot disconnect), `uninstalled` (HubSpot refused its refresh token).
  disconnect_reason text,
  -- When the property group and properties were last ensured, and the call dispositions read.
  setup_at timestamptz,
  -- The portal's call outcomes as HubSpot lists them ([{id, label, deleted}]), and the ids that mean Connected.
  dispositions jsonb NOT NULL DEFAULT '[]',
  connected_dispositions text[] NOT NULL DEFAULT '{}',
  CHECK ((state = 'connected') = (refresh_token IS NOT NULL))
);

CREATE INDEX hubspot_portals_by_account ON hubspot_portals (account_id);

-- Webhook events as HubSpot delivered them, once each (a redelivery has the same eventId). Processed
-- per portal in the order they occurred, never of arrival.
CREATE TABLE hubspot_events (
  portal_id bigint NOT NULL,
  event_id bigint NOT NULL,
  subscription_type text NOT NULL,
  object_id bigint NOT NULL,
  property_name text,
  property_value text,
  occurred_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL,
  -- The whole event as sent (merges carry mergedObjectIds, primaryObjectId...).
  event jsonb NOT NULL,
  processed_at timestamptz,
  -- What processing did, in a word: taken, stale, unknown_contact, portal_disconnected, ignored...
  outcome text,
  PRIMARY KEY (portal_id, event_id)
);

CREATE INDEX hubspot_events_pending ON hubspot_events (portal_id, occurred_at, event_id) WHERE processed_at IS NULL;
CREATE INDEX hubspot_events_by_object ON hubspot_events (portal_id, object_id, property_name, occurred_at) WHERE processed_at IS NOT NULL;

-- Contacts merged away in HubSpot: their id now names the primary contact.
CREATE TABLE hubspot_merged_contacts (
  portal_id bigint NOT NULL,
  merged_id bigint NOT NULL,
  primary_id bigint NOT NULL,
  merged_at timestamptz NOT NULL,
  PRIMARY KEY (portal_id, merged_id)
);

-- What was last written to each contact in HubSpot (our properties, as sent): writeback sends the
-- contacts whose lead now says something else, so a change is never lost while HubSpot is down, and
-- several changes of one contact between two runs go out as one update.
CREATE TABLE hubspot_written (
  portal_id bigint NOT NULL,
  contact_id text NOT NULL,
  properties jsonb NOT NULL,
  written_at timestamptz NOT NULL,
  PRIMARY KEY (portal_id, contact_id)
);

-- Down Migration

DROP TABLE hubspot_written;
DROP TABLE hubspot_merged_contacts;
DROP TABLE hubspot_events;
DROP TABLE hubspot_portals;
