-- Sign-in with Google and Microsoft (OpenID Connect): linked identities and pending sign-in requests.

-- An identity at a provider, keyed by (issuer, subject): never by email, which a provider may let change.
-- Linked to one user of one workspace; the same person's Google account linked in two workspaces is two rows.
CREATE TABLE user_identities (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('GOOGLE', 'MICROSOFT')),
  issuer text NOT NULL,
  subject text NOT NULL,
  -- The email the provider vouched for when the identity was linked, and its latest one: for people, not for lookup.
  linked_email text NOT NULL,
  last_email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX user_identities_key ON user_identities (workspace_id, issuer, subject);
CREATE UNIQUE INDEX user_identities_user_provider ON user_identities (workspace_id, user_id, provider);

-- A sign-in that went to the provider and has not come back yet: PKCE verifier, state and nonce stay here,
-- bound to the browser by a short-lived HttpOnly cookie holding a secret whose hash is `binding_hash`.
CREATE TABLE oidc_sign_in_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('GOOGLE', 'MICROSOFT')),
  binding_hash text NOT NULL,
  state text NOT NULL,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  redirect_uri text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE UNIQUE INDEX oidc_sign_in_requests_binding ON oidc_sign_in_requests (workspace_id, binding_hash);
CREATE INDEX oidc_sign_in_requests_expiry ON oidc_sign_in_requests (workspace_id, expires_at);

ALTER TABLE user_identities ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON user_identities
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
ALTER TABLE oidc_sign_in_requests ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON oidc_sign_in_requests
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
