-- Policies, the compliance catalogue and course credits (issue 14, docs/policies.md).
--
-- The catalogue (jurisdictions, compliance categories, compliances, the platform's policies with their versions and
-- PDFs) belongs to no workspace: the platform admin writes it on the main site and every workspace reads it when it
-- publishes a policy. Its tables are reference tables (a Citus scale-out copies them to every node), listed as such in
-- test/server/platform/schema-rules.test.ts. Row-level security lets the tenant role read them and nothing else; the
-- platform admin's calls write them as the owner.

CREATE TABLE jurisdictions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- ISO 3166: the country (IN, CA) or a subdivision (IN-KA, CA-ON); CA-FED names Canada's federal jurisdiction.
  code text NOT NULL UNIQUE CHECK (code ~ '^[A-Z]{2}(-[A-Z]{2,3})?$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  parent_id uuid REFERENCES jurisdictions (id) ON DELETE RESTRICT,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

CREATE TABLE compliance_categories (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE UNIQUE INDEX compliance_categories_name_uq ON compliance_categories (lower(name));

-- The catalogue's policies. A policy has an owner and a review date (CA-12: at most every 3 years for Canada).
CREATE TABLE catalogue_policies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 2000),
  jurisdiction_id uuid REFERENCES jurisdictions (id) ON DELETE RESTRICT,
  owner_name text NOT NULL CHECK (length(owner_name) BETWEEN 1 AND 120),
  review_due_on date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- Each version: what changed, and whether everyone in scope accepts again (MATERIAL) or nobody is asked (MINOR).
CREATE TABLE catalogue_policy_versions (
  policy_id uuid NOT NULL REFERENCES catalogue_policies (id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version >= 1),
  change text NOT NULL CHECK (change IN ('MATERIAL', 'MINOR')),
  summary text NOT NULL CHECK (length(summary) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  created_by uuid NOT NULL,
  PRIMARY KEY (policy_id, version)
);

-- A version's PDF in one language, kept by the file storage under the main site's id. PENDING until the confirm call
-- has read its bytes (a PDF by its magic number, within the size limit).
CREATE TABLE catalogue_policy_documents (
  policy_id uuid NOT NULL,
  version integer NOT NULL,
  language text NOT NULL CHECK (language IN ('ENGLISH', 'HINDI', 'KANNADA', 'TELUGU', 'TAMIL', 'MARATHI')),
  storage_key text NOT NULL,
  file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
  size bigint CHECK (size > 0),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'CONFIRMED')),
  -- A new upload waiting while the confirmed one still serves readers.
  pending_key text,
  pending_name text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  confirmed_at timestamptz,
  CHECK (status = 'PENDING' OR (size IS NOT NULL AND confirmed_at IS NOT NULL)),
  PRIMARY KEY (policy_id, version, language),
  FOREIGN KEY (policy_id, version) REFERENCES catalogue_policy_versions (policy_id, version) ON DELETE CASCADE
);

-- Reviews: each ends in a new version or in "reviewed, no change", with the next review date.
CREATE TABLE catalogue_policy_reviews (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  policy_id uuid NOT NULL REFERENCES catalogue_policies (id) ON DELETE CASCADE,
  outcome text NOT NULL CHECK (outcome IN ('NO_CHANGE', 'NEW_VERSION')),
  version integer NOT NULL,
  note text NOT NULL DEFAULT '' CHECK (length(note) <= 2000),
  next_review_on date NOT NULL,
  reviewed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  reviewed_by uuid NOT NULL
);
CREATE INDEX catalogue_policy_reviews_policy_idx ON catalogue_policy_reviews (policy_id, reviewed_at);

CREATE TABLE compliances (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  jurisdiction_id uuid NOT NULL REFERENCES jurisdictions (id) ON DELETE RESTRICT,
  category_id uuid REFERENCES compliance_categories (id) ON DELETE RESTRICT,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 2000),
  kind text NOT NULL CHECK (kind IN ('TRAINING', 'POLICY', 'COMMITTEE', 'REPORT', 'OTHER')),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX compliances_jurisdiction_idx ON compliances (jurisdiction_id);

CREATE TABLE compliance_policies (
  compliance_id uuid NOT NULL REFERENCES compliances (id) ON DELETE CASCADE,
  policy_id uuid NOT NULL REFERENCES catalogue_policies (id) ON DELETE CASCADE,
  PRIMARY KEY (compliance_id, policy_id)
);

-- Course titles a compliance is met by (catalogue courses are not yet a table of their own: see docs/policies.md).
CREATE TABLE compliance_course_titles (
  compliance_id uuid NOT NULL REFERENCES compliances (id) ON DELETE CASCADE,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  PRIMARY KEY (compliance_id, title)
);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['jurisdictions', 'compliance_categories', 'catalogue_policies', 'catalogue_policy_versions',
    'catalogue_policy_documents', 'catalogue_policy_reviews', 'compliances', 'compliance_policies', 'compliance_course_titles']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY catalogue_read ON %I FOR SELECT USING (true)', t);
  END LOOP;
END $$;

-- The starting jurisdictions: India and its states and union territories, Canada's federal jurisdiction and its
-- provinces and territories.
INSERT INTO jurisdictions (code, name, country) VALUES ('IN', 'India', 'IN'), ('CA', 'Canada', 'CA');
INSERT INTO jurisdictions (code, name, country, parent_id)
SELECT v.code, v.name, 'IN', (SELECT id FROM jurisdictions WHERE code = 'IN')
  FROM (VALUES ('IN-AP', 'Andhra Pradesh'), ('IN-AR', 'Arunachal Pradesh'), ('IN-AS', 'Assam'), ('IN-BR', 'Bihar'),
    ('IN-CT', 'Chhattisgarh'), ('IN-GA', 'Goa'), ('IN-GJ', 'Gujarat'), ('IN-HR', 'Haryana'), ('IN-HP', 'Himachal Pradesh'),
    ('IN-JH', 'Jharkhand'), ('IN-KA', 'Karnataka'), ('IN-KL', 'Kerala'), ('IN-MP', 'Madhya Pradesh'), ('IN-MH', 'Maharashtra'),
    ('IN-MN', 'Manipur'), ('IN-ML', 'Meghalaya'), ('IN-MZ', 'Mizoram'), ('IN-NL', 'Nagaland'), ('IN-OR', 'Odisha'),
    ('IN-PB', 'Punjab'), ('IN-RJ', 'Rajasthan'), ('IN-SK', 'Sikkim'), ('IN-TN', 'Tamil Nadu'), ('IN-TG', 'Telangana'),
    ('IN-TR', 'Tripura'), ('IN-UP', 'Uttar Pradesh'), ('IN-UT', 'Uttarakhand'), ('IN-WB', 'West Bengal'),
    ('IN-AN', 'Andaman and Nicobar Islands'), ('IN-CH', 'Chandigarh'), ('IN-DH', 'Dadra and Nagar Haveli and Daman and Diu'),
    ('IN-DL', 'Delhi'), ('IN-JK', 'Jammu and Kashmir'), ('IN-LA', 'Ladakh'), ('IN-LD', 'Lakshadweep'), ('IN-PY', 'Puducherry')) AS v (code, name);
INSERT INTO jurisdictions (code, name, country, parent_id)
SELECT v.code, v.name, 'CA', (SELECT id FROM jurisdictions WHERE code = 'CA')
  FROM (VALUES ('CA-FED', 'Canada (federal)'), ('CA-AB', 'Alberta'), ('CA-BC', 'British Columbia'), ('CA-MB', 'Manitoba'),
    ('CA-NB', 'New Brunswick'), ('CA-NL', 'Newfoundland and Labrador'), ('CA-NS', 'Nova Scotia'), ('CA-ON', 'Ontario'),
    ('CA-PE', 'Prince Edward Island'), ('CA-QC', 'Quebec'), ('CA-SK', 'Saskatchewan'), ('CA-NT', 'Northwest Territories'),
    ('CA-NU', 'Nunavut'), ('CA-YT', 'Yukon')) AS v (code, name);

-- ---------------------------------------------------------------- a workspace's policies

-- A policy published in a workspace: a catalogue policy, to the whole workspace or to chosen business units.
CREATE TABLE workspace_policies (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  catalogue_policy_id uuid NOT NULL REFERENCES catalogue_policies (id) ON DELETE RESTRICT,
  scope text NOT NULL CHECK (scope IN ('WORKSPACE', 'UNITS')),
  -- New joiners (and everyone, from publication) have this many days to accept.
  days_to_accept integer NOT NULL CHECK (days_to_accept BETWEEN 1 AND 365),
  -- Ask again every year, without a new version.
  yearly boolean NOT NULL DEFAULT false,
  published_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  published_by uuid NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (workspace_id, id)
);
CREATE UNIQUE INDEX workspace_policies_catalogue_uq ON workspace_policies (workspace_id, catalogue_policy_id);

CREATE TABLE workspace_policy_units (
  workspace_id uuid NOT NULL,
  policy_id uuid NOT NULL,
  branch_id uuid NOT NULL,
  PRIMARY KEY (workspace_id, policy_id, branch_id),
  FOREIGN KEY (workspace_id, policy_id) REFERENCES workspace_policies (workspace_id, id) ON DELETE CASCADE,
  FOREIGN KEY (workspace_id, branch_id) REFERENCES branches (workspace_id, id) ON DELETE CASCADE
);

-- Who fetched which version's document in which language (the server serves it): accepting needs this row.
CREATE TABLE policy_document_reads (
  workspace_id uuid NOT NULL,
  policy_id uuid NOT NULL,
  user_id uuid NOT NULL,
  version integer NOT NULL,
  language text NOT NULL,
  first_read_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (workspace_id, policy_id, user_id, version, language),
  FOREIGN KEY (workspace_id, policy_id) REFERENCES workspace_policies (workspace_id, id) ON DELETE CASCADE,
  FOREIGN KEY (workspace_id, user_id) REFERENCES users (workspace_id, id) ON DELETE CASCADE
);

-- Acceptances are a record: append-only. The tenant role may insert and read them, never change or delete them (no
-- policy for UPDATE or DELETE), and a trigger refuses any UPDATE. They outlive the person and the publication (no
-- foreign key to either: a withdrawn policy's acceptances stay the evidence they were).
CREATE TABLE policy_acceptances (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  policy_id uuid NOT NULL,
  user_id uuid NOT NULL,
  catalogue_policy_id uuid NOT NULL,
  version integer NOT NULL,
  language text NOT NULL,
  accepted_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  ip text,
  -- An admin recorded it for someone without a computer, with the reason.
  recorded_by uuid,
  reason text CHECK (reason IS NULL OR length(reason) BETWEEN 1 AND 500),
  CHECK ((recorded_by IS NULL) = (reason IS NULL)),
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX policy_acceptances_policy_idx ON policy_acceptances (workspace_id, policy_id, user_id, accepted_at);

CREATE FUNCTION policy_acceptances_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'policy acceptances are never changed';
END $$;
CREATE TRIGGER policy_acceptances_no_update BEFORE UPDATE ON policy_acceptances
  FOR EACH ROW EXECUTE FUNCTION policy_acceptances_append_only();

-- ---------------------------------------------------------------- course credits

-- A catalogue course in a workspace: its assignments consume credits.
ALTER TABLE courses ADD COLUMN from_catalogue boolean NOT NULL DEFAULT false;

CREATE TABLE credit_requests (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  course_id uuid NOT NULL,
  credits integer NOT NULL CHECK (credits BETWEEN 1 AND 100000),
  note text NOT NULL DEFAULT '' CHECK (length(note) <= 1000),
  status text NOT NULL DEFAULT 'REQUESTED' CHECK (status IN ('REQUESTED', 'GRANTED')),
  -- The client's key for this request: sending it again finds this row instead of asking twice.
  idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  requested_by uuid NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  granted_at timestamptz,
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, course_id) REFERENCES courses (workspace_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX credit_requests_key_uq ON credit_requests (workspace_id, idempotency_key);

-- The ledger: append-only; a workspace's balance for a course is the sum of its rows (GRANT and RETURN add, CONSUME
-- takes one). An idempotency key names each movement once: a retried request finds its row and moves nothing.
CREATE TABLE credit_ledger (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  course_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('GRANT', 'CONSUME', 'RETURN')),
  credits integer NOT NULL CHECK (credits >= 1 AND (kind = 'GRANT' OR credits = 1)),
  idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  user_id uuid,
  request_id uuid,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  created_by text NOT NULL,
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, course_id) REFERENCES courses (workspace_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX credit_ledger_key_uq ON credit_ledger (workspace_id, idempotency_key);
CREATE INDEX credit_ledger_course_idx ON credit_ledger (workspace_id, course_id);
CREATE TRIGGER credit_ledger_no_update BEFORE UPDATE ON credit_ledger
  FOR EACH ROW EXECUTE FUNCTION policy_acceptances_append_only();

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['workspace_policies', 'workspace_policy_units', 'policy_document_reads', 'credit_requests']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY tenant_isolation ON %I
      USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
      WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)$p$, t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['policy_acceptances', 'credit_ledger']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY tenant_read ON %I FOR SELECT
      USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)$p$, t);
    EXECUTE format($p$CREATE POLICY tenant_append ON %I FOR INSERT
      WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)$p$, t);
  END LOOP;
END $$;
