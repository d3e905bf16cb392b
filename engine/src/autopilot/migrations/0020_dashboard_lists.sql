-- Up Migration

-- The dashboard's lists of contacts and replies (GET /autopilot/contacts, GET /autopilot/replies), each
-- newest first a page at a time (keyset pagination), so each needs an index in its order.

-- Contacts newest first: received_at, then source and id to break ties (the page's cursor). It also
-- serves preview's "the last N contacts received", which the index it replaces served.
CREATE INDEX autopilot_contacts_newest ON autopilot_contacts (account_id, received_at DESC, source DESC, contact_id DESC);
DROP INDEX autopilot_contacts_received;

-- Searching contacts by e-mail or name, anywhere in them (`jane`, `ledgerly`, `doe`): a trigram index
-- where the server has pg_trgm (a trusted extension PostgreSQL ships in contrib, the embedded one
-- included). The query is the same either way (contactList.ts writes the expression); without trigrams
-- (a server that lacks the extension, or a role that may not create it: it still migrates) a search
-- reads the account's contacts through their own index, as a prefix index would not serve a search
-- inside the text.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXCEPTION WHEN insufficient_privilege OR undefined_file OR feature_not_supported THEN
      RAISE NOTICE 'pg_trgm could not be created (%): contacts are searched without a trigram index', SQLERRM;
    END;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX autopilot_contacts_search ON autopilot_contacts USING gin (
      (lower(coalesce(email, '') || ' ' || coalesce(properties ->> 'firstname', '') || ' ' || coalesce(properties ->> 'lastname', ''))) gin_trgm_ops
    );
  END IF;
END
$$;

-- The replies inbox: replies, auto-replies (replies an auto-responder wrote, read by the e-mail channel
-- or logged by a CRM: their detail says what marks them) and bounces, each kind newest first.
CREATE INDEX autopilot_lead_events_inbox ON autopilot_lead_events (
  account_id, (CASE WHEN kind = 'reply' AND (detail ->> 'auto_reply') IS NOT NULL THEN 'auto_reply' ELSE kind END), id DESC
) WHERE kind IN ('reply', 'bounce');

-- Down Migration

DROP INDEX autopilot_lead_events_inbox;
DROP INDEX IF EXISTS autopilot_contacts_search;
CREATE INDEX autopilot_contacts_received ON autopilot_contacts (account_id, received_at DESC);
DROP INDEX autopilot_contacts_newest;
