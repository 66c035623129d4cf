-- Workspace API keys (docs/integrations.md): a machine's credential for one workspace, with scopes and an expiry.
-- Only the SHA-256 of the secret is kept: the secret is 32 random bytes, so a fast hash is enough (nothing to
-- brute-force, unlike a password) and lets a request find its key by an index lookup.
CREATE TABLE api_keys (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  scopes text[] NOT NULL CHECK (cardinality(scopes) >= 1),
  hint text NOT NULL,
  secret_hash text NOT NULL,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at timestamptz,
  revoked_by uuid,
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, created_by) REFERENCES users (workspace_id, id) ON DELETE SET NULL (created_by),
  FOREIGN KEY (workspace_id, revoked_by) REFERENCES users (workspace_id, id) ON DELETE SET NULL (revoked_by)
);
-- A request knows its workspace (from the host) and the hash of the key it sent: one shard, one index lookup.
CREATE UNIQUE INDEX api_keys_secret_idx ON api_keys (workspace_id, secret_hash);

ALTER TABLE api_keys ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON api_keys
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);

-- A change made by a key is the key's in the security log (no person made it).
ALTER TABLE audit_events ADD COLUMN actor_api_key_id uuid;
