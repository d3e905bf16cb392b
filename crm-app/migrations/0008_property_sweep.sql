-- Up Migration

-- The version of the property definitions a portal was last set up with (setup.ts PROPERTIES_VERSION),
-- and the version its setup was last queued for: a portal set up by an earlier release is set up again
-- once, without reinstalling. NULL for portals set up before versions were recorded.
ALTER TABLE hubspot_portals ADD COLUMN properties_version text, ADD COLUMN setup_queued_version text;

-- Each portal's sweep: contacts modified at or after `since` (HubSpot's lastmodifieddate) have not all
-- been looked at yet. `after` is HubSpot's paging token among the contacts modified at that very instant,
-- when more than a page of them share it. What the last run read, and the totals since the first.
CREATE TABLE hubspot_sweeps (
  portal_id bigint PRIMARY KEY REFERENCES hubspot_portals (portal_id) ON DELETE CASCADE,
  since timestamptz NOT NULL,
  after text,
  properties text[] NOT NULL DEFAULT '{}',
  swept_at timestamptz,
  contacts_read bigint NOT NULL DEFAULT 0,
  changes bigint NOT NULL DEFAULT 0
);

-- Down Migration

DROP TABLE hubspot_sweeps;
ALTER TABLE hubspot_portals DROP COLUMN setup_queued_version, DROP COLUMN properties_version;
