-- The directory at 100,000 users: every sort key and every prefix search has an index that starts with the
-- workspace, so a page is an index range scan, not a sort of the whole workspace.
CREATE INDEX users_joined_idx ON users (workspace_id, date_of_joining, id);
CREATE INDEX users_created_idx ON users (workspace_id, created_at, id);
CREATE INDEX users_email_prefix_idx ON users (workspace_id, lower(email) text_pattern_ops);
CREATE INDEX users_first_name_prefix_idx ON users (workspace_id, lower(first_name) text_pattern_ops);
CREATE INDEX users_last_name_prefix_idx ON users (workspace_id, lower(last_name) text_pattern_ops);
CREATE INDEX users_employee_id_prefix_idx ON users (workspace_id, lower(employee_id) text_pattern_ops);

-- Counting a 100,000-person workspace row by row costs ~100 ms on PGlite on every page. The directory's totals and
-- the dashboard's stats read this summary instead: people per (unit, department, role, status), kept by
-- statement-level triggers that aggregate each INSERT, UPDATE or DELETE once (an import of 100,000 rows touches
-- a handful of summary rows, once). Totals that also filter by joining date or search text still count rows.
CREATE TABLE user_counts (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  branch_id uuid,
  department_id uuid,
  role text NOT NULL,
  status text NOT NULL,
  n bigint NOT NULL,
  CONSTRAINT user_counts_key UNIQUE NULLS NOT DISTINCT (workspace_id, branch_id, department_id, role, status)
);
ALTER TABLE user_counts ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON user_counts
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);

CREATE FUNCTION user_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_counts AS c (workspace_id, branch_id, department_id, role, status, n)
  SELECT workspace_id, branch_id, department_id, role, status, count(*) FROM new_rows
   GROUP BY workspace_id, branch_id, department_id, role, status
   ORDER BY workspace_id, branch_id, department_id, role, status
  ON CONFLICT ON CONSTRAINT user_counts_key DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;

-- Removal only decrements rows that exist: it never inserts, so a workspace being deleted (whose summary rows
-- cascade away) is never written back.
CREATE FUNCTION user_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_counts c SET n = c.n - d.k
    FROM (SELECT workspace_id, branch_id, department_id, role, status, count(*) AS k FROM old_rows
           GROUP BY workspace_id, branch_id, department_id, role, status) d
   WHERE c.workspace_id = d.workspace_id AND c.branch_id IS NOT DISTINCT FROM d.branch_id
     AND c.department_id IS NOT DISTINCT FROM d.department_id AND c.role = d.role AND c.status = d.status;
  RETURN NULL;
END $$;

CREATE FUNCTION user_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_counts c SET n = c.n - d.k
    FROM (SELECT workspace_id, branch_id, department_id, role, status, count(*) AS k FROM old_rows
           GROUP BY workspace_id, branch_id, department_id, role, status) d
   WHERE c.workspace_id = d.workspace_id AND c.branch_id IS NOT DISTINCT FROM d.branch_id
     AND c.department_id IS NOT DISTINCT FROM d.department_id AND c.role = d.role AND c.status = d.status;
  INSERT INTO user_counts AS c (workspace_id, branch_id, department_id, role, status, n)
  SELECT workspace_id, branch_id, department_id, role, status, count(*) FROM new_rows
   GROUP BY workspace_id, branch_id, department_id, role, status
   ORDER BY workspace_id, branch_id, department_id, role, status
  ON CONFLICT ON CONSTRAINT user_counts_key DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;

CREATE TRIGGER users_count_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_counts_add();
CREATE TRIGGER users_count_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_counts_remove();
CREATE TRIGGER users_count_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_counts_move();

INSERT INTO user_counts (workspace_id, branch_id, department_id, role, status, n)
SELECT workspace_id, branch_id, department_id, role, status, count(*) FROM users
 GROUP BY workspace_id, branch_id, department_id, role, status;

-- How long an invitation link works, per workspace (issue 5: a workspace setting, 14 days by default).
ALTER TABLE workspaces ADD COLUMN invite_valid_days integer NOT NULL DEFAULT 14 CHECK (invite_valid_days BETWEEN 1 AND 90);

-- The platform admins' trail reads only their events, newest first.
CREATE INDEX audit_events_platform_idx ON audit_events (at DESC) WHERE actor_platform_admin_id IS NOT NULL;
