-- Up Migration

-- A contact is one (account, source, CRM id): `source` says which CRM of the account it came from, so
-- the same id in two CRMs (two HubSpot portals, or a portal and the API) is two contacts, each routed,
-- written back, deleted and merged on its own. `api` is the CRM port's HTTP form (POST /autopilot/contacts);
-- a CRM app names its own (the HubSpot app: `hubspot:<portal id>`). Every existing row came through the
-- one namespace there was and starts as `api`; a CRM app's own migration moves the contacts it sent to
-- its source. Leads follow their contact's source (ON UPDATE CASCADE). The engine's own writers always
-- name the source; the default keeps `api` the source of a row written without one.
ALTER TABLE autopilot_contacts ADD COLUMN source text NOT NULL DEFAULT 'api'
  CHECK (source ~ '^[a-z][a-z0-9_]{0,31}(:[A-Za-z0-9._-]{1,64})?$');
ALTER TABLE autopilot_leads ADD COLUMN source text NOT NULL DEFAULT 'api';

ALTER TABLE autopilot_leads DROP CONSTRAINT autopilot_leads_account_id_contact_id_fkey;
ALTER TABLE autopilot_leads DROP CONSTRAINT autopilot_leads_account_id_contact_id_key;
ALTER TABLE autopilot_contacts DROP CONSTRAINT autopilot_contacts_pkey;
ALTER TABLE autopilot_contacts ADD PRIMARY KEY (account_id, source, contact_id);
ALTER TABLE autopilot_leads ADD CONSTRAINT autopilot_leads_contact_key UNIQUE (account_id, source, contact_id);
ALTER TABLE autopilot_leads ADD CONSTRAINT autopilot_leads_contact_fkey FOREIGN KEY (account_id, source, contact_id)
  REFERENCES autopilot_contacts (account_id, source, contact_id) ON UPDATE CASCADE ON DELETE CASCADE;

-- A lead's events are told apart per lead: the same CRM activity id logged on contacts of two sources
-- (engagement ids of two portals may be equal) is one event of each lead, not a duplicate.
ALTER TABLE autopilot_lead_events DROP CONSTRAINT autopilot_lead_events_account_id_dedupe_key_key;
ALTER TABLE autopilot_lead_events ADD CONSTRAINT autopilot_lead_events_dedupe UNIQUE (lead_id, dedupe_key);

-- Down Migration

ALTER TABLE autopilot_lead_events DROP CONSTRAINT autopilot_lead_events_dedupe;
ALTER TABLE autopilot_lead_events ADD CONSTRAINT autopilot_lead_events_account_id_dedupe_key_key UNIQUE (account_id, dedupe_key);
ALTER TABLE autopilot_leads DROP CONSTRAINT autopilot_leads_contact_fkey;
ALTER TABLE autopilot_leads DROP CONSTRAINT autopilot_leads_contact_key;
ALTER TABLE autopilot_contacts DROP CONSTRAINT autopilot_contacts_pkey;
ALTER TABLE autopilot_contacts ADD PRIMARY KEY (account_id, contact_id);
ALTER TABLE autopilot_leads ADD CONSTRAINT autopilot_leads_account_id_contact_id_key UNIQUE (account_id, contact_id);
ALTER TABLE autopilot_leads ADD CONSTRAINT autopilot_leads_account_id_contact_id_fkey FOREIGN KEY (account_id, contact_id)
  REFERENCES autopilot_contacts (account_id, contact_id) ON DELETE CASCADE;
ALTER TABLE autopilot_leads DROP COLUMN source;
ALTER TABLE autopilot_contacts DROP COLUMN source;
