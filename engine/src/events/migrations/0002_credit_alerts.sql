-- Up Migration

-- Credit alerts by e-mail (the spec's optional e-mails at 75% and 95% of the monthly credits): an
-- account turns them on by naming who receives them. Each credits.threshold event of such an account
-- queues one send_credit_alert job, sent from the account's first mailbox (the e-mail channel's).
CREATE TABLE credit_alert_recipients (
  account_id bigint PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  email text NOT NULL,
  updated_at timestamptz NOT NULL
);

-- What became of each alert: sent (from which mailbox, as which Message-ID), or not sent and why (no
-- mailbox, the recipient refused, alerts turned off before it went). One row per event: a job run
-- again finds it and sends nothing.
CREATE TABLE credit_alert_mails (
  event_seq bigint PRIMARY KEY REFERENCES events (seq) ON DELETE CASCADE,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  state text NOT NULL CHECK (state IN ('sent', 'not_sent')),
  recipient text,
  mailbox_id bigint,
  message_id text,
  detail text,
  at timestamptz NOT NULL
);

CREATE INDEX credit_alert_mails_by_account ON credit_alert_mails (account_id, event_seq);

CREATE FUNCTION events_queue_credit_alerts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM graphile_worker.add_job('send_credit_alert', json_build_object('eventSeq', e.seq), job_key := 'credit_alert:' || e.seq, max_attempts := 10)
  FROM new_events e JOIN credit_alert_recipients r ON r.account_id = e.account_id
  WHERE e.type = 'credits.threshold';
  RETURN NULL;
END $$;

CREATE TRIGGER events_credit_alerts AFTER INSERT ON events REFERENCING NEW TABLE AS new_events
  FOR EACH STATEMENT EXECUTE FUNCTION events_queue_credit_alerts();

-- Down Migration

DROP TRIGGER events_credit_alerts ON events;
DROP FUNCTION events_queue_credit_alerts();
DROP TABLE credit_alert_mails;
DROP TABLE credit_alert_recipients;
