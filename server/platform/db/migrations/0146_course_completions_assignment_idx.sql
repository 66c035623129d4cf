-- The current certificate of an assignment (its cycle's latest completion) is looked up per assignment by the
-- dashboard's "certificates expiring" figure and the report's expiry filter (docs/reports.md). The only index by
-- assignment was partial (source <> 'IMPORTED'), which a lookup of any source cannot use: each lookup read every
-- completion of the workspace. This one serves the lookup whole, newest first.
CREATE INDEX course_completions_assignment_idx ON course_completions (workspace_id, assignment_id, cycle, completed_at DESC);
