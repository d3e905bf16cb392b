-- Up Migration

-- People who sign in to the dashboard: an e-mail address (stored in its normal form, see
-- platform/emailAddress.ts) and an argon2id password hash.
CREATE TABLE users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL UNIQUE,
  name text NOT NULL,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Who may act in which account, and with what role.
CREATE TABLE memberships (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'member')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, account_id)
);

CREATE INDEX memberships_by_account ON memberships (account_id);

-- Server-side sessions: the cookie carries a random token, the table its SHA-256 only. A session acts in
-- one of its user's accounts; it ends when idle too long (last_seen_at) or at expires_at, whichever first.
CREATE TABLE sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash bytea NOT NULL UNIQUE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

CREATE INDEX sessions_by_user ON sessions (user_id);
CREATE INDEX sessions_by_expiry ON sessions (expires_at);

-- One-time links that create a sign-in (an invitation into an account with a role) or set a new
-- password (a reset: role NULL, the membership stays as it is). The link carries a random token, the
-- table its SHA-256 only. A first start's owner invitation has no e-mail yet: the owner gives it.
CREATE TABLE invitations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash bytea NOT NULL UNIQUE,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  email text,
  role text CHECK (role IN ('owner', 'admin', 'member')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  CHECK (role IS NOT NULL OR email IS NOT NULL)
);

-- Sign-in attempts counted per address and per client address, in fixed windows, in PostgreSQL so that
-- the limit holds across every API process.
CREATE TABLE sign_in_attempts (
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  attempts integer NOT NULL,
  PRIMARY KEY (key, window_start)
);
