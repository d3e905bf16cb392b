-- Up Migration

-- A statement's events wake only the subscriptions that take one of them (its type, its Autopilot):
-- routing a chunk of contacts no longer queues a delivery job, which finds nothing to send, for every
-- subscription of the account to other events.
CREATE OR REPLACE FUNCTION events_wake_subscriptions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM graphile_worker.add_job('deliver_webhooks', json_build_object('subscriptionId', s.id),
            job_key := 'webhooks:' || s.id, job_key_mode := 'preserve_run_at')
  FROM webhook_subscriptions s
  WHERE s.disabled_at IS NULL AND s.account_id IN (SELECT DISTINCT account_id FROM new_events)
    AND EXISTS (SELECT 1 FROM new_events e WHERE e.account_id = s.account_id AND e.type = ANY (s.events)
                  AND (s.autopilot_id IS NULL OR e.autopilot_id = s.autopilot_id));
  RETURN NULL;
END $$;

-- Down Migration

CREATE OR REPLACE FUNCTION events_wake_subscriptions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM graphile_worker.add_job('deliver_webhooks', json_build_object('subscriptionId', s.id),
            job_key := 'webhooks:' || s.id, job_key_mode := 'preserve_run_at')
  FROM webhook_subscriptions s
  WHERE s.disabled_at IS NULL AND s.account_id IN (SELECT DISTINCT account_id FROM new_events);
  RETURN NULL;
END $$;
