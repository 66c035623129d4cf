-- A list read names the set of cases it listed instead of carrying their ids itself (docs/case.md "Benchmarks").
-- A member's list is the same set of cases read after read (it changes when a case is filed, closed
-- away or recused from), so each set is stored once, with its ids and the index by case, and every read is a small
-- row pointing at it: no 200-id array and no 200 index entries written at every read. The case's access log reads
-- the reads of every set holding the case (complaints.service.ts auditLog), and the reads recorded before, with
-- their own ids. Append-only like the reads themselves; a purged case's id stays in a set as it does in a read.
CREATE TABLE complaint_list_sets (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id bigint GENERATED ALWAYS AS IDENTITY,
  -- hash_array_extended(complaint_ids, 0) of the ids in order: where a read looks for its set (then compares the ids).
  digest bigint NOT NULL,
  complaint_ids uuid[] NOT NULL,
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX complaint_list_sets_digest_idx ON complaint_list_sets (workspace_id, digest);
CREATE INDEX complaint_list_sets_cases_idx ON complaint_list_sets USING gin (complaint_ids);

CREATE TRIGGER complaint_list_sets_append_only BEFORE UPDATE OR DELETE ON complaint_list_sets
  FOR EACH ROW EXECUTE FUNCTION complaint_audit_events_append_only();

ALTER TABLE complaint_list_sets ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON complaint_list_sets
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);

-- A read names its cases one way or the other: its own ids (the rows before, and a case recorded by the service
-- itself: case-jobs.ts recordListRead) or a set.
ALTER TABLE complaint_list_reads ALTER COLUMN complaint_ids DROP NOT NULL;
ALTER TABLE complaint_list_reads ADD COLUMN set_id bigint;
ALTER TABLE complaint_list_reads ADD CONSTRAINT complaint_list_reads_set_fkey
  FOREIGN KEY (workspace_id, set_id) REFERENCES complaint_list_sets (workspace_id, id) ON DELETE CASCADE;
ALTER TABLE complaint_list_reads ADD CONSTRAINT complaint_list_reads_one_way CHECK ((complaint_ids IS NULL) <> (set_id IS NULL));
CREATE INDEX complaint_list_reads_set_idx ON complaint_list_reads (workspace_id, set_id) WHERE set_id IS NOT NULL;
-- A read pointing at a set has no ids of its own to index.
DROP INDEX complaint_list_reads_cases_idx;
CREATE INDEX complaint_list_reads_cases_idx ON complaint_list_reads USING gin (complaint_ids) WHERE complaint_ids IS NOT NULL;
