-- Up Migration

-- A test event (POST /webhooks/{id}/test): an event for one subscription only, delivered through the
-- same path as lead events and never listed in GET /events nor sent to another subscription.
ALTER TABLE events ADD COLUMN subscription_id bigint REFERENCES webhook_subscriptions (id) ON DELETE CASCADE;
ALTER TABLE events DROP CONSTRAINT events_type_check;
ALTER TABLE events ADD CONSTRAINT events_type_check CHECK (type IN ('contact.skipped', 'contact.waiting', 'contact.abandoned', 'lead.enrolled', 'touch.sent', 'touch.skipped',
                                                                  'lead.responded', 'lead.closed', 'credits.threshold', 'webhook.test'));
ALTER TABLE events ADD CONSTRAINT events_test_for_one_subscription CHECK ((type = 'webhook.test') = (subscription_id IS NOT NULL));
-- Deleting a subscription deletes its test events: found by this, not by reading every event.
CREATE INDEX events_by_subscription ON events (subscription_id) WHERE subscription_id IS NOT NULL;

-- Each event a subscription tried to deliver: its tries, how the last one went. Gone with its event
-- (retention) or its subscription.
CREATE TABLE webhook_deliveries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subscription_id bigint NOT NULL REFERENCES webhook_subscriptions (id) ON DELETE CASCADE,
  event_seq bigint NOT NULL REFERENCES events (seq) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('delivered', 'failed')),
  attempts integer NOT NULL CHECK (attempts >= 1),
  last_error text,
  created_at timestamptz NOT NULL,
  last_attempt_at timestamptz NOT NULL,
  delivered_at timestamptz,
  UNIQUE (subscription_id, event_seq),
  CHECK ((status = 'delivered') = (delivered_at IS NOT NULL))
);

-- GET /webhooks/{id}/deliveries, newest first a page at a time; the cascade from retention's deletes.
CREATE INDEX webhook_deliveries_recent ON webhook_deliveries (subscription_id, id DESC);
CREATE INDEX webhook_deliveries_by_event ON webhook_deliveries (event_seq);

-- Down Migration

DROP TABLE webhook_deliveries;
DELETE FROM events WHERE type = 'webhook.test';
DROP INDEX events_by_subscription;
ALTER TABLE events DROP CONSTRAINT events_test_for_one_subscription;
ALTER TABLE events DROP CONSTRAINT events_type_check;
ALTER TABLE events ADD CONSTRAINT events_type_check CHECK (type IN ('contact.skipped', 'contact.waiting', 'contact.abandoned', 'lead.enrolled', 'touch.sent', 'touch.skipped',
                                                                  'lead.responded', 'lead.closed', 'credits.threshold'));
ALTER TABLE events DROP COLUMN subscription_id;
