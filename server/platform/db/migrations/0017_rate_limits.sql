-- Rate limits and temporary locks in the database (issue 10): every server process behind one PostgreSQL counts
-- the same attempts, so a second process does not double an allowance.

-- A cross-tenant table on purpose: its key is a SHA-256 of (limit name, key) where the key may be an address, an
-- email on the main site, or a workspace-scoped account; no workspace_id, no address or email in clear.
-- `hits` holds the times of the last `max_hits` events inside the window; a row whose `expires_at` has passed
-- holds nothing that counts and is pruned in small batches by the server (rate_limits_expires_idx).
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  hits timestamptz[] NOT NULL,
  window_ms bigint NOT NULL CHECK (window_ms > 0),
  max_hits integer NOT NULL CHECK (max_hits > 0),
  expires_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_expires_idx ON rate_limits (expires_at);

-- A lock after too many wrong one-time codes is temporary: it ends by itself at locked_until, or sooner when an
-- admin unlocks the account. Locks taken before this migration get the same hour from when they were taken.
ALTER TABLE users ADD COLUMN locked_until timestamptz;
UPDATE users SET locked_until = locked_at + interval '1 hour' WHERE locked_at IS NOT NULL;
