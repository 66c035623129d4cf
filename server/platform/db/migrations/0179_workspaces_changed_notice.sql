-- Every change to workspaces (insert, update, delete, truncate) sends the notice `workspaces_changed` at commit. The
-- embedded database's process keeps each host's workspace row in memory and forgets them all on this notice
-- (server/platform/tenancy.ts SiteResolver), so a request without a session reads no row for its host, and no change,
-- by any path (a service, a job, a migration, a test's own SQL), is missed. One notice per statement, not per row.
CREATE FUNCTION workspaces_changed_notice() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM pg_notify('workspaces_changed', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER workspaces_changed_notice AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON workspaces
  FOR EACH STATEMENT EXECUTE FUNCTION workspaces_changed_notice();
