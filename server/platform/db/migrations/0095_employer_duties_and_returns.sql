-- The law, complete (docs/law.md): the employer's duties of IN-12 as tracked items, and the statutory returns (IN-13,
-- IN-14, CA-10) with the inputs the data cannot give and the list of returns generated. Tenant tables keyed by
-- workspace, row-level security as every table. No row holds a party of a case.

-- IN-12: workshops, awareness programmes and the committee's orientation, with their attendance: people of the
-- directory, or a head count when the audience was not recorded by name.
CREATE TABLE awareness_events (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('WORKSHOP', 'AWARENESS_PROGRAMME', 'COMMITTEE_ORIENTATION')),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  held_on date NOT NULL,
  audience text NOT NULL CHECK (length(audience) BETWEEN 1 AND 200),
  attendee_ids uuid[] NOT NULL DEFAULT '{}',
  head_count integer CHECK (head_count IS NULL OR head_count BETWEEN 1 AND 1000000),
  committee_id uuid,
  recorded_by uuid NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((head_count IS NULL) <> (cardinality(attendee_ids) = 0)),
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, committee_id) REFERENCES committees (workspace_id, id) ON DELETE SET NULL (committee_id)
);
CREATE INDEX awareness_events_held_idx ON awareness_events (workspace_id, held_on);

-- IN-12: the notice of penal consequences and of the committee (published: shown to every member in the app) and
-- where to get help with a police complaint.
CREATE TABLE employer_duties (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  notice_published_at timestamptz,
  notice_published_by uuid,
  police_help text NOT NULL DEFAULT '' CHECK (length(police_help) <= 2000),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id)
);

-- What a return needs that no case can give: the employer's address and the District Officer's (IN-13), the
-- business number and the contact (CA-10). Asked before generating, kept for the next year.
CREATE TABLE return_inputs (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  employer_name text NOT NULL DEFAULT '',
  employer_address text NOT NULL DEFAULT '',
  district_officer text NOT NULL DEFAULT '',
  business_number text NOT NULL DEFAULT '',
  contact_name text NOT NULL DEFAULT '',
  contact_email text NOT NULL DEFAULT '',
  contact_phone text NOT NULL DEFAULT '',
  updated_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id)
);

-- Each return generated (PDF or XLSX): which, for which period, by whom, when, and the figures it carried.
CREATE TABLE generated_returns (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('POSH_ANNUAL', 'BOARD', 'CANADA_ANNUAL')),
  period text NOT NULL,
  format text NOT NULL CHECK (format IN ('PDF', 'XLSX')),
  figures jsonb NOT NULL,
  generated_by uuid NOT NULL,
  generated_by_name text NOT NULL,
  generated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX generated_returns_kind_idx ON generated_returns (workspace_id, kind, period, generated_at);

ALTER TABLE awareness_events ENABLE ROW LEVEL SECURITY;
ALTER TABLE employer_duties ENABLE ROW LEVEL SECURITY;
ALTER TABLE return_inputs ENABLE ROW LEVEL SECURITY;
ALTER TABLE generated_returns ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON awareness_events
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON employer_duties
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON return_inputs
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON generated_returns
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
