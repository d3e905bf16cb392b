-- Up Migration

-- What a portal's admins chose on the app's settings page (portalSettings/): the contact properties
-- writeback leaves alone, and whether research briefs are logged as notes. No row is today's behaviour:
-- every property written, notes on. Properties are kept as those turned off, so a property a later
-- release adds is written until someone turns it off.
CREATE TABLE hubspot_portal_settings (
  portal_id bigint PRIMARY KEY REFERENCES hubspot_portals (portal_id) ON DELETE CASCADE,
  writeback_off text[] NOT NULL DEFAULT '{}',
  notes boolean NOT NULL DEFAULT true,
  -- When notes were last turned on again: only briefs completed since get a note (those completed
  -- while notes were off, or still waiting when they were turned off, never do). NULL: never turned off.
  notes_on_since timestamptz,
  updated_at timestamptz NOT NULL,
  -- The HubSpot user who saved them from the settings page (hubspot.fetch's userId); NULL when saved
  -- through the engine's API by the account.
  updated_by_user_id bigint
);

-- Down Migration

DROP TABLE hubspot_portal_settings;
