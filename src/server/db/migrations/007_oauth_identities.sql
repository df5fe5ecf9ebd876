-- Social sign-in (docs/sign-in.md): which Google, Apple or X account belongs to which user, and the
-- authorization requests in flight. Runs unchanged on PGlite (PostgreSQL 18) and PostgreSQL 15+.

-- A returning provider user is found by (provider, subject), never by email. The email columns
-- record what the provider last said (an unverified email is kept here only, never on users).
CREATE TABLE user_identities (
  provider       text NOT NULL CHECK (provider IN ('google', 'apple', 'x')),
  subject        text NOT NULL CHECK (length(subject) BETWEEN 1 AND 255),
  user_id        uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email          text,
  email_verified boolean NOT NULL DEFAULT false,
  created_at     timestamptz NOT NULL DEFAULT now(),
  last_login_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, subject)
);
CREATE INDEX user_identities_user_idx ON user_identities (user_id);

-- One row per authorization request started and not yet come back: a hash of its state (the
-- state itself is only in the browser's cookie and the provider's redirect), the PKCE verifier,
-- the OpenID nonce and the exact redirect_uri sent. Deleted on first use: a state works once.
CREATE TABLE oauth_flows (
  state_hash    text PRIMARY KEY,
  provider      text NOT NULL CHECK (provider IN ('google', 'apple', 'x')),
  code_verifier text NOT NULL,
  nonce         text,
  redirect_uri  text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL
);
CREATE INDEX oauth_flows_expiry_idx ON oauth_flows (expires_at);
