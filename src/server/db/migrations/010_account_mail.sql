-- Accounts people can trust, part two (docs/sign-in.md: "Email links", "Failed sign-ins",
-- "Sessions").

-- Links VIBE mails: "verify" proves the address it was sent to, "reset" sets a new password.
-- Only an HMAC of the token is kept (like sessions); a row is used once (used_at) and expires.
-- Used and expired rows stay a day, so a second click can be told "already used" or "expired".
CREATE TABLE email_tokens (
  token_hash  text PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose     text NOT NULL CHECK (purpose IN ('verify', 'reset')),
  -- the address the link was sent to: it proves that address only
  email       text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX email_tokens_user_idx ON email_tokens (user_id, purpose);
CREATE INDEX email_tokens_expiry_idx ON email_tokens (expires_at);

-- Mail the server sends by itself is sent at most once per window per (kind, key): a password
-- reset per account, a "someone tried to sign up with your address" per account, a failed
-- sign-in alert per account. The row is claimed atomically, so several instances send it once.
CREATE TABLE mail_sent (
  kind     text NOT NULL,
  key      text NOT NULL,
  sent_at  timestamptz NOT NULL,
  PRIMARY KEY (kind, key)
);

-- A session also ends after SESSION_IDLE_DAYS without use (beside its absolute expires_at).
-- last_seen_at is moved forward at most once an hour per session.
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();

-- Failed sign-ins, now per (account, address): an address that keeps guessing one account's
-- password waits longer and longer, while the owner signing in from elsewhere is never held up.
-- `email` is the typed address (trimmed, lower case) whether or not an account has it.
DROP TABLE auth_failures;
CREATE TABLE auth_failures (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email       text NOT NULL,
  address     text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_failures_pair_idx ON auth_failures (email, address, created_at);
CREATE INDEX auth_failures_address_idx ON auth_failures (address, created_at);
CREATE INDEX auth_failures_email_idx ON auth_failures (email, created_at);
