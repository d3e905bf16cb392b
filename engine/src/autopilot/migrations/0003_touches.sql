-- Up Migration

-- A lead's touches: one row per step of the sequence it was enrolled with, created at enrolment. Each
-- row still to go out (`scheduled`) has one graphile-worker job, task `send_touch`, key `touch:<id>`
-- (see sequence/ports.ts, touchJobKey), run at due_at. A touch ends `sent`, `skipped` (with the
-- spec's skip reason) or `cancelled` (its lead ended first: every queued touch of the lead, in the
-- transaction that ended it).
CREATE TABLE autopilot_touches (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  lead_id bigint NOT NULL REFERENCES autopilot_leads (id) ON DELETE CASCADE,
  -- The step's place in the sequence (0-based) and the step itself as enrolled (day, channel, kind,
  -- angle, subject_angle, signals): a later edit of the Autopilot does not change a running sequence.
  step integer NOT NULL CHECK (step >= 0),
  spec jsonb NOT NULL,
  channel text NOT NULL CHECK (channel IN ('email', 'linkedin', 'whatsapp', 'telegram')),
  kind text NOT NULL CHECK (kind IN ('email', 'connection_request', 'message')),
  -- When its plan puts it (the start of its day's sending window), and when it is to run now (later
  -- when a window, a limit or a weekend held it back).
  planned_at timestamptz NOT NULL,
  due_at timestamptz NOT NULL,
  state text NOT NULL DEFAULT 'scheduled' CHECK (state IN ('scheduled', 'sent', 'skipped', 'cancelled')),
  skip_reason text,
  -- Why it was last held back (a window, a limit, a provider's rate limit), in words; NULL when never.
  held_reason text,
  -- The mailbox or seat that sent it (the channel's own id space), what went out, and the channel's
  -- id of it (an e-mail's Message-ID, with its angle brackets; a provider's message id).
  sender_id bigint,
  subject text,
  body text,
  message_id text,
  sent_at timestamptz,
  ended_at timestamptz,
  UNIQUE (lead_id, step),
  CHECK ((state = 'skipped') = (skip_reason IS NOT NULL)),
  CHECK ((state = 'sent') = (sent_at IS NOT NULL)),
  CHECK ((state = 'scheduled') = (ended_at IS NULL))
);

-- A lead's timeline, and its queued touches when it ends.
CREATE INDEX autopilot_touches_by_lead ON autopilot_touches (lead_id, step);
-- Replies matched by thread headers.
CREATE INDEX autopilot_touches_by_message_id ON autopilot_touches (account_id, message_id) WHERE message_id IS NOT NULL;
-- A sender's touches sent on a day (daily limits shared by every Autopilot of the account).
CREATE INDEX autopilot_touches_sent_by_sender ON autopilot_touches (channel, sender_id, sent_at) WHERE state = 'sent';

-- Down Migration

DROP TABLE autopilot_touches;
