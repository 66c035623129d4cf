-- A case list read is recorded once, with the ids of every case it listed (docs/case.md "The case list at scale"):
-- one row per list instead of one complaint_audit_events row per case listed. Each case's access log reads both
-- (complaints.service.ts auditLog), so the presiding officer still sees "Complaints listed" by whom and when on each
-- case. Append-only like the case's own access log; a purged case's id stays here as its tombstone keeps it.
CREATE TABLE complaint_list_reads (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id bigint GENERATED ALWAYS AS IDENTITY,
  actor_user_id uuid,
  complaint_ids uuid[] NOT NULL,
  ip text,
  at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX complaint_list_reads_cases_idx ON complaint_list_reads USING gin (complaint_ids);

CREATE TRIGGER complaint_list_reads_append_only BEFORE UPDATE OR DELETE ON complaint_list_reads
  FOR EACH ROW EXECUTE FUNCTION complaint_audit_events_append_only();

ALTER TABLE complaint_list_reads ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON complaint_list_reads
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
