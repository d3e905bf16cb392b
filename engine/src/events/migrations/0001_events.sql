-- Up Migration

-- Lead events: an outbox written by triggers in the same transaction as the change each describes, so
-- an event exists exactly when its change committed (never for one rolled back), once per change. The
-- triggers are per statement, over the rows the statement changed (transition tables): routing a chunk
-- of 500 contacts writes its events in one INSERT.
CREATE TABLE events (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The stable id a receiver deduplicates by (the webhook-id of its deliveries).
  id text NOT NULL UNIQUE DEFAULT 'evt_' || replace(gen_random_uuid()::text, '-', ''),
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('contact.skipped', 'contact.waiting', 'contact.abandoned', 'lead.enrolled', 'touch.sent', 'touch.skipped',
                                     'lead.responded', 'lead.closed', 'credits.threshold')),
  occurred_at timestamptz NOT NULL,
  autopilot_id bigint,
  lead_id bigint,
  contact_id text,
  data jsonb NOT NULL
);

CREATE INDEX events_by_account ON events (account_id, seq);
CREATE INDEX events_by_time ON events (occurred_at);

-- Where an account's events are delivered (POST /webhooks): signed as Standard Webhooks says, with a
-- secret sealed with SECRET_KEY. `cursor` is the last event delivered; deliveries go out in order, one
-- job at a time per subscription (it holds the subscription's advisory lock while it delivers).
CREATE TABLE webhook_subscriptions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  url text NOT NULL,
  events text[] NOT NULL,
  autopilot_id bigint REFERENCES autopilots (id) ON DELETE CASCADE,
  secret text NOT NULL,
  cursor bigint NOT NULL,
  created_at timestamptz NOT NULL,
  -- Failing deliveries: since when (NULL while they succeed), how many tries in a row, the last error.
  failing_since timestamptz,
  failures integer NOT NULL DEFAULT 0,
  last_error text,
  last_delivered_at timestamptz,
  -- A subscription failing for a day is disabled; it says why.
  disabled_at timestamptz,
  disabled_reason text
);

CREATE INDEX webhook_subscriptions_by_account ON webhook_subscriptions (account_id) WHERE disabled_at IS NULL;

-- Queues the delivery job of every live subscription of the accounts that just got events. A job
-- already waiting (for a failing target to come back) keeps its time.
CREATE FUNCTION events_wake_subscriptions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM graphile_worker.add_job('deliver_webhooks', json_build_object('subscriptionId', s.id),
            job_key := 'webhooks:' || s.id, job_key_mode := 'preserve_run_at')
  FROM webhook_subscriptions s
  WHERE s.disabled_at IS NULL AND s.account_id IN (SELECT DISTINCT account_id FROM new_events);
  RETURN NULL;
END $$;

CREATE TRIGGER events_wake AFTER INSERT ON events REFERENCING NEW TABLE AS new_events
  FOR EACH STATEMENT EXECUTE FUNCTION events_wake_subscriptions();

-- What a workflow needs of a contact: its id, address and properties.
CREATE FUNCTION events_contact(c autopilot_contacts) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('id', c.contact_id, 'email', c.email, 'properties', c.properties)
$$;

-- Routing decided: contact.skipped, contact.waiting (entering it, or waiting for another reason),
-- contact.abandoned. lead.enrolled comes from the lead's row.
CREATE FUNCTION events_from_contacts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (account_id, type, occurred_at, autopilot_id, contact_id, data)
  SELECT n.account_id, 'contact.' || n.state, coalesce(n.decided_at, now()), n.autopilot_id, n.contact_id,
         jsonb_build_object('contact', events_contact(n), 'reason', n.reason, 'explanation', n.explanation::jsonb -> 'text')
  FROM new_contacts n LEFT JOIN old_contacts o ON o.account_id = n.account_id AND o.contact_id = n.contact_id
  WHERE n.state IN ('skipped', 'waiting', 'abandoned')
    AND (o.contact_id IS NULL OR o.state IS DISTINCT FROM n.state OR o.reason IS DISTINCT FROM n.reason)
  ORDER BY n.contact_id;
  RETURN NULL;
END $$;

CREATE TRIGGER events_contacts_updated AFTER UPDATE ON autopilot_contacts REFERENCING OLD TABLE AS old_contacts NEW TABLE AS new_contacts
  FOR EACH STATEMENT EXECUTE FUNCTION events_from_contacts();

-- lead.enrolled; lead.responded (a win) and lead.closed (any other end) when a lead's outcome leaves Active.
CREATE FUNCTION events_from_new_leads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (account_id, type, occurred_at, autopilot_id, lead_id, contact_id, data)
  SELECT l.account_id, 'lead.enrolled', l.enrolled_at, l.autopilot_id, l.id, l.contact_id,
         jsonb_build_object('contact', events_contact(c), 'autopilot', a.name, 'enrolled_by', l.enrolled_by, 'research_id', l.research_id,
                            'research_reused', l.research_reused)
  FROM new_leads l JOIN autopilot_contacts c ON c.account_id = l.account_id AND c.contact_id = l.contact_id
  JOIN autopilots a ON a.id = l.autopilot_id
  ORDER BY l.id;
  RETURN NULL;
END $$;

CREATE TRIGGER events_leads_inserted AFTER INSERT ON autopilot_leads REFERENCING NEW TABLE AS new_leads
  FOR EACH STATEMENT EXECUTE FUNCTION events_from_new_leads();

CREATE FUNCTION events_from_ended_leads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (account_id, type, occurred_at, autopilot_id, lead_id, contact_id, data)
  SELECT n.account_id, CASE WHEN n.outcome = 'Responded' THEN 'lead.responded' ELSE 'lead.closed' END, coalesce(n.ended_at, now()),
         n.autopilot_id, n.id, n.contact_id,
         jsonb_build_object('contact', events_contact(c), 'autopilot', a.name, 'outcome', n.outcome, 'end_reason', n.end_reason, 'research_id', n.research_id)
  FROM new_leads n JOIN old_leads o ON o.id = n.id
  JOIN autopilot_contacts c ON c.account_id = n.account_id AND c.contact_id = n.contact_id
  JOIN autopilots a ON a.id = n.autopilot_id
  WHERE o.outcome = 'Active' AND n.outcome <> 'Active'
  ORDER BY n.id;
  RETURN NULL;
END $$;

CREATE TRIGGER events_leads_updated AFTER UPDATE ON autopilot_leads REFERENCING OLD TABLE AS old_leads NEW TABLE AS new_leads
  FOR EACH STATEMENT EXECUTE FUNCTION events_from_ended_leads();

-- touch.sent, touch.skipped: a touch leaving `scheduled` that way (a cancelled one is part of its lead's end).
CREATE FUNCTION events_from_touches() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (account_id, type, occurred_at, autopilot_id, lead_id, contact_id, data)
  SELECT n.account_id, 'touch.' || n.state, coalesce(n.sent_at, n.ended_at, now()), l.autopilot_id, n.lead_id, l.contact_id,
         jsonb_build_object('touch_id', n.id, 'step', n.step, 'channel', n.channel, 'kind', n.kind, 'skip_reason', n.skip_reason,
                            'subject', n.subject, 'research_id', l.research_id)
  FROM new_touches n JOIN old_touches o ON o.id = n.id JOIN autopilot_leads l ON l.id = n.lead_id
  WHERE o.state = 'scheduled' AND n.state IN ('sent', 'skipped')
  ORDER BY n.id;
  RETURN NULL;
END $$;

CREATE TRIGGER events_touches_updated AFTER UPDATE ON autopilot_touches REFERENCING OLD TABLE AS old_touches NEW TABLE AS new_touches
  FOR EACH STATEMENT EXECUTE FUNCTION events_from_touches();

-- credits.threshold: a debit took the cycle's use to 75% or 95% of the monthly pool (the spec's credit
-- alerts). Once per cycle and threshold: a refund and a new debit crossing it again write nothing.
CREATE FUNCTION events_from_credits() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pool integer;
  threshold integer;
BEGIN
  SELECT monthly_credits INTO pool FROM accounts_with_plan WHERE id = NEW.account_id;
  IF pool IS NULL OR pool = 0 THEN RETURN NULL; END IF;
  FOREACH threshold IN ARRAY ARRAY[75, 95] LOOP
    -- In bigint: a pool near the integer limit (an unlimited plan) times 100 overflows an integer.
    IF NEW.used::bigint * 100 >= threshold::bigint * pool AND (TG_OP = 'INSERT' OR OLD.used::bigint * 100 < threshold::bigint * pool)
       AND NOT EXISTS (SELECT 1 FROM events e WHERE e.account_id = NEW.account_id AND e.type = 'credits.threshold'
                         AND e.data -> 'cycle_start' = to_jsonb(NEW.cycle_start) AND (e.data ->> 'threshold')::int = threshold) THEN
      INSERT INTO events (account_id, type, occurred_at, data)
      VALUES (NEW.account_id, 'credits.threshold', now(),
              jsonb_build_object('threshold', threshold, 'used', NEW.used, 'limit', pool, 'cycle_start', NEW.cycle_start));
    END IF;
  END LOOP;
  RETURN NULL;
END $$;

CREATE TRIGGER events_credits_inserted AFTER INSERT ON credit_cycles FOR EACH ROW EXECUTE FUNCTION events_from_credits();
CREATE TRIGGER events_credits_used AFTER UPDATE OF used ON credit_cycles FOR EACH ROW WHEN (NEW.used > OLD.used) EXECUTE FUNCTION events_from_credits();

-- Down Migration

DROP TRIGGER events_credits_used ON credit_cycles;
DROP TRIGGER events_credits_inserted ON credit_cycles;
DROP FUNCTION events_from_credits();
DROP TRIGGER events_touches_updated ON autopilot_touches;
DROP FUNCTION events_from_touches();
DROP TRIGGER events_leads_updated ON autopilot_leads;
DROP FUNCTION events_from_ended_leads();
DROP TRIGGER events_leads_inserted ON autopilot_leads;
DROP FUNCTION events_from_new_leads();
DROP TRIGGER events_contacts_updated ON autopilot_contacts;
DROP FUNCTION events_from_contacts();
DROP FUNCTION events_contact(autopilot_contacts);
DROP TRIGGER events_wake ON events;
DROP FUNCTION events_wake_subscriptions();
DROP TABLE webhook_subscriptions;
DROP TABLE events;
