-- One row per write sent with an Idempotency-Key header (http/idempotency.ts, docs/api.md): a
-- submission sent twice (a double click, a retry after a lost answer) is written once, and the
-- second request gets the first one's answer. In the database, so it holds across instances.
-- `scope` is whose key it is: the session's token hash, or the client address when signed out.
CREATE TABLE idempotency_keys (
  scope        text NOT NULL,
  key          text NOT NULL CHECK (length(key) BETWEEN 1 AND 100),
  -- method, path and a hash of the body: the same key with another request is refused
  fingerprint  text NOT NULL,
  -- null while the first request is in flight
  status       integer,
  content_type text,
  body         text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
