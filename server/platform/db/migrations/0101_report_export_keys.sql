-- The rows of a report export on the embedded database, in the report's order (docs/reports.md "Exports"): written
-- once per attempt by one INSERT ... SELECT, then read a page at a time by `seq`, so each page costs its own rows
-- instead of the whole report's sort. Deleted when the attempt ends; a new attempt writes them again.
CREATE TABLE report_export_keys (
  workspace_id uuid NOT NULL,
  export_id uuid NOT NULL,
  seq integer NOT NULL,
  k1 text NOT NULL,
  k2 text NOT NULL,
  user_id uuid NOT NULL,
  kind text NOT NULL,
  k3 text NOT NULL,
  item_id uuid NOT NULL,
  PRIMARY KEY (workspace_id, export_id, seq),
  FOREIGN KEY (workspace_id, export_id) REFERENCES report_exports (workspace_id, id) ON DELETE CASCADE
);

ALTER TABLE report_export_keys ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON report_export_keys
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
