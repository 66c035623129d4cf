-- The directory at 100,000 users: every sort key and every prefix search has an index that starts with the
-- workspace, so a page is an index range scan, not a sort of the whole workspace.
CREATE INDEX users_joined_idx ON users (workspace_id, date_of_joining, id);
CREATE INDEX users_created_idx ON users (workspace_id, created_at, id);
CREATE INDEX users_email_prefix_idx ON users (workspace_id, lower(email) text_pattern_ops);
CREATE INDEX users_first_name_prefix_idx ON users (workspace_id, lower(first_name) text_pattern_ops);
CREATE INDEX users_last_name_prefix_idx ON users (workspace_id, lower(last_name) text_pattern_ops);
CREATE INDEX users_employee_id_prefix_idx ON users (workspace_id, lower(employee_id) text_pattern_ops);
