-- Up Migration

-- An account's seats: the connected accounts of a user-account messaging API (Unipile) that send the
-- touches of the professional network (linkedin), the messaging app (whatsapp) and the chat app
-- (telegram). Like mailboxes, a seat's schedule (zone, window, days) and limits are shared by every
-- Autopilot of the account. `unipile_account_id` is the provider's id of the connected account: every
-- call acts as it, and the provider's webhooks name it (so one provider account is one seat, engine-wide).
CREATE TABLE autopilot_seats (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('linkedin', 'whatsapp', 'telegram')),
  unipile_account_id text NOT NULL UNIQUE CHECK (length(unipile_account_id) BETWEEN 1 AND 200),
  label text NOT NULL CHECK (length(label) BETWEEN 1 AND 200),
  time_zone text NOT NULL,
  window_start text NOT NULL,
  window_end text NOT NULL,
  days smallint[] NOT NULL,
  -- Messages a day (every kind but connection requests); connection requests a day and a week (the
  -- professional network only).
  messages_per_day integer NOT NULL CHECK (messages_per_day > 0),
  invitations_per_day integer CHECK (invitations_per_day > 0),
  invitations_per_week integer CHECK (invitations_per_week > 0),
  -- `disconnected`: the provider lost the account (credentials expired, stopped): its touches wait,
  -- held with `status_detail`, until it is connected again.
  status text NOT NULL DEFAULT 'connected' CHECK (status IN ('connected', 'disconnected')),
  status_detail text,
  status_changed_at timestamptz NOT NULL DEFAULT now(),
  -- The catch-up poll's place: messages and relations up to here have been read (webhooks may have
  -- been missed while the engine was down).
  inbound_read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (channel = 'linkedin' OR (invitations_per_day IS NULL AND invitations_per_week IS NULL))
);
CREATE INDEX autopilot_seats_by_account ON autopilot_seats (account_id, channel, id);

-- Where a lead is on a seat's channel: the provider's id of the person (a LinkedIn member id, a
-- WhatsApp JID, a Telegram user id), the chat once one is open, the connection request once sent and
-- accepted. Written when a touch goes out; read by the inbound side to place a message or an accepted
-- invitation on its lead.
CREATE TABLE autopilot_channel_threads (
  lead_id bigint NOT NULL REFERENCES autopilot_leads (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('linkedin', 'whatsapp', 'telegram')),
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  seat_id bigint NOT NULL REFERENCES autopilot_seats (id) ON DELETE CASCADE,
  provider_user_id text NOT NULL,
  chat_id text,
  invitation_id text,
  invited_at timestamptz,
  connected_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (lead_id, channel)
);
CREATE INDEX autopilot_channel_threads_by_person ON autopilot_channel_threads (seat_id, provider_user_id);
CREATE INDEX autopilot_channel_threads_by_chat ON autopilot_channel_threads (seat_id, chat_id) WHERE chat_id IS NOT NULL;

-- Down Migration

DROP TABLE autopilot_channel_threads;
DROP TABLE autopilot_seats;
