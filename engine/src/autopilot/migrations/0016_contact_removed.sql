-- Up Migration

-- When the CRM said the contact was deleted (or merged into another): a lasting fact about the contact,
-- which nothing purges. A CRM app writes nothing back to a removed contact, however long ago it went.
ALTER TABLE autopilot_contacts ADD COLUMN removed_at timestamptz;

-- Down Migration

ALTER TABLE autopilot_contacts DROP COLUMN removed_at;
