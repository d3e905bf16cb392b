-- Up Migration

-- An account's mailboxes: the e-mail channel's senders. SMTP sends the touches, IMAP reads the replies.
-- Passwords are sealed with the engine's SECRET_KEY (platform/secrets.ts, purpose `mailbox-password`)
-- and are never answered. The sending schedule (zone, window, days, daily limit, warm-up) is shared by
-- every Autopilot of the account (sequence/ports.ts, SendingSchedule).
CREATE TABLE autopilot_mailboxes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  from_address text NOT NULL,
  from_name text,
  smtp_host text NOT NULL,
  smtp_port integer NOT NULL CHECK (smtp_port BETWEEN 1 AND 65535),
  -- `tls`: TLS from the first byte (465); `starttls`: upgraded, and refused without it (587); `none`: plain text.
  smtp_security text NOT NULL CHECK (smtp_security IN ('tls', 'starttls', 'none')),
  smtp_user text NOT NULL,
  smtp_password_sealed text NOT NULL,
  -- No IMAP: the mailbox sends, and replies to it are not read (they must be reported another way).
  imap_host text,
  imap_port integer CHECK (imap_port BETWEEN 1 AND 65535),
  imap_security text CHECK (imap_security IN ('tls', 'starttls', 'none')),
  imap_user text,
  imap_password_sealed text,
  time_zone text NOT NULL,
  window_start text NOT NULL,
  window_end text NOT NULL,
  days smallint[] NOT NULL,
  daily_limit integer NOT NULL CHECK (daily_limit > 0),
  warmup_start_per_day integer CHECK (warmup_start_per_day > 0),
  warmup_increase_per_day integer CHECK (warmup_increase_per_day >= 0),
  warmup_started_on date,
  -- The reader's place in the INBOX: every message with a UID above imap_last_uid is still to read, as
  -- long as the folder's UIDVALIDITY is still imap_uid_validity (a new one means the UIDs were reset:
  -- the reader starts again from the messages that arrived since it last looked).
  imap_uid_validity bigint,
  imap_last_uid bigint NOT NULL DEFAULT 0,
  imap_read_at timestamptz,
  imap_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, from_address),
  CHECK ((imap_host IS NULL) = (imap_password_sealed IS NULL)),
  CHECK ((warmup_start_per_day IS NULL) = (warmup_started_on IS NULL))
);

CREATE INDEX autopilot_mailboxes_by_account ON autopilot_mailboxes (account_id, id);

-- What the reader made of each message it read (once per mailbox and Message-ID): a reply, an
-- auto-reply, a bounce, or nothing it could place. The answer to "why did this lead end?".
CREATE TABLE autopilot_email_inbound (
  mailbox_id bigint NOT NULL REFERENCES autopilot_mailboxes (id) ON DELETE CASCADE,
  message_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('reply', 'auto_reply', 'bounce', 'delivery_report', 'unmatched')),
  lead_id bigint REFERENCES autopilot_leads (id) ON DELETE SET NULL,
  from_address text,
  subject text,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (mailbox_id, message_id)
);

-- Down Migration

DROP TABLE autopilot_email_inbound;
DROP TABLE autopilot_mailboxes;
