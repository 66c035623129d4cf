-- Self sign-up with email confirmation, and profile pictures.

-- A person who signed up cannot sign in until they open the link mailed to them. Everyone else is confirmed.
ALTER TABLE users ADD COLUMN email_confirmed boolean NOT NULL DEFAULT true;

-- The confirmation links: a 256-bit random code, only its SHA-256 stored; single use, 24 hours, a new one
-- supersedes the old.
CREATE TABLE email_confirmations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  superseded_at timestamptz
);
CREATE UNIQUE INDEX email_confirmations_code ON email_confirmations (workspace_id, code_hash);
CREATE INDEX email_confirmations_user ON email_confirmations (workspace_id, user_id);

-- The profile picture: the file store's key, its type and hash (the hash versions its address).
ALTER TABLE users ADD COLUMN profile_image_key text;
ALTER TABLE users ADD COLUMN profile_image_type text;
ALTER TABLE users ADD COLUMN profile_image_sha256 text;

-- An upload address handed out by generate-profile-image-upload-url: a 256-bit token (hash stored), 10 minutes,
-- single use, for one user of one workspace.
CREATE TABLE profile_image_uploads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE UNIQUE INDEX profile_image_uploads_token ON profile_image_uploads (workspace_id, token_hash);

ALTER TABLE email_confirmations ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON email_confirmations
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
ALTER TABLE profile_image_uploads ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON profile_image_uploads
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
