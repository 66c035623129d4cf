-- Demo and contact requests from the public site (docs/public-site.md "Leads"). A reference table: a request is made
-- before any workspace exists and only the platform admin reads it, in `db.system`. Row-level security with no policy
-- that lets anything through keeps every workspace's tenant role out of it (the owner, which `db.system` runs as,
-- is not subject to it).
CREATE TABLE leads (
  id uuid PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  work_email text NOT NULL CHECK (length(work_email) BETWEEN 3 AND 254),
  organisation text NOT NULL CHECK (length(organisation) BETWEEN 1 AND 200),
  country text NOT NULL CHECK (country IN ('IN', 'CA', 'OTHER')),
  size text NOT NULL CHECK (size IN ('1-9', '10-49', '50-249', '250-999', '1000+')),
  message text CHECK (length(message) <= 2000),
  source text NOT NULL,
  -- SHA-256 of the code in the confirmation mail's link; the code itself is never stored.
  confirm_code_hash text NOT NULL UNIQUE,
  confirmed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX leads_created_idx ON leads (created_at DESC, id);
ALTER TABLE leads ENABLE ROW LEVEL SECURITY;
CREATE POLICY platform_only ON leads USING (false);
