-- The tenant role (app_tenant) writes only tables that row-level security guards. A table without it (workspaces,
-- platform_admins, the flags, the rate limits, the platform's catalogue, schema_migrations) is cross-tenant: a tenant
-- transaction may read it but never write it, so a bug in a tenant path cannot change another workspace's row or the
-- platform's. Its writes run as the owning role (db.system). migrate.ts grants the same way for every later table.
DO $$
DECLARE
  t regclass;
BEGIN
  IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'app_tenant') THEN
    FOR t IN
      SELECT c.oid::regclass FROM pg_class c
       WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relrowsecurity
    LOOP
      EXECUTE format('REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON %s FROM app_tenant', t);
    END LOOP;
  END IF;
END $$;
