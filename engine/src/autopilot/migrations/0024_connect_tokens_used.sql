-- Up Migration

-- The hosted authentication tokens (the `name` of a link to Unipile's wizard) a notification has used:
-- a token connects one seat, once. `token_hash` is the SHA-256 of the token's signed part (which holds
-- its random nonce); the first notification inserts it in the transaction that adds or reconnects the
-- seat, so a replay, or a second delivery racing the first, finds it and changes nothing. A row is kept
-- until its token would be refused as expired anyway (`expires_at`), then removed by the next notification.
CREATE TABLE autopilot_connect_tokens_used (
  token_hash bytea PRIMARY KEY CHECK (length(token_hash) = 32),
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  unipile_account_id text NOT NULL,
  seat_id bigint,
  used_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX autopilot_connect_tokens_used_by_expiry ON autopilot_connect_tokens_used (expires_at);

-- Down Migration

DROP TABLE autopilot_connect_tokens_used;
