-- Every piece of evidence through the vault, bounded and named safely (docs/files.md "Evidence at rest",
-- "Storage keys", "Evidence quotas", "The file jobs").

-- The data key is made when the upload URL is given (so the name can be sealed with it at once); the ciphertext
-- being whole in the store is now this column, set by the upload itself.
ALTER TABLE files ADD COLUMN evidence_sealed_at timestamptz;
UPDATE files SET evidence_sealed_at = coalesce(confirmed_at, created_at) WHERE evidence_key_id IS NOT NULL;
-- Chain of custody: SHA-256 (hex) of the plaintext, computed as the upload streamed in.
ALTER TABLE files ADD COLUMN sha256 text CHECK (sha256 ~ '^[0-9a-f]{64}$');
-- The evidence file's display name sealed with its data key (evidence-crypto.ts sealName); declared_name then holds
-- only a placeholder.
ALTER TABLE files ADD COLUMN name_sealed text;
ALTER TABLE files ADD CONSTRAINT files_name_sealed_check CHECK (name_sealed IS NULL OR evidence_key_id IS NOT NULL);
-- The file migration job (server/platform/file-jobs.ts) moved the bytes to a random key; the old object is removed
-- next, then this is cleared. A run that stops in between resumes here.
ALTER TABLE files ADD COLUMN previous_storage_key text;
CREATE INDEX files_previous_key_idx ON files (workspace_id) WHERE previous_storage_key IS NOT NULL;
-- The sweep of unattached evidence and the per-owner quota.
CREATE INDEX files_evidence_idx ON files (workspace_id, created_at) WHERE purpose = 'EVIDENCE';

-- Daily byte budgets of evidence uploads on the public path (per address key, per workspace), counted in the bytes
-- each upload URL allows. Rows of past days are deleted by the sweep.
CREATE TABLE evidence_upload_budgets (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  day date NOT NULL,
  -- 'workspace', or 'address:' followed by the address's keyed hash of the day (intake addressKey).
  subject text NOT NULL,
  bytes bigint NOT NULL CHECK (bytes >= 0),
  PRIMARY KEY (workspace_id, day, subject)
);
ALTER TABLE evidence_upload_budgets ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON evidence_upload_budgets
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
