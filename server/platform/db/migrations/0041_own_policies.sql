-- A workspace's own policies (issue 14, docs/policies.md "A workspace's own policies"). They reuse the catalogue's
-- policy tables (versions, a PDF per language, reviews), so the publish / read / accept machinery serves them
-- unchanged: a policy with an owner workspace is that workspace's own; without one (null) it is the platform's
-- catalogue. No foreign key to workspaces: these stay reference tables (a Citus reference table cannot reference a
-- distributed one); deleting a workspace deletes its own policies itself.
ALTER TABLE catalogue_policies ADD COLUMN owner_workspace_id uuid;
CREATE INDEX catalogue_policies_owner_idx ON catalogue_policies (owner_workspace_id) WHERE owner_workspace_id IS NOT NULL;

-- The tenant role sees the platform's catalogue and its own workspace's policies, never another workspace's.
DROP POLICY catalogue_read ON catalogue_policies;
CREATE POLICY catalogue_read ON catalogue_policies FOR SELECT
  USING (owner_workspace_id IS NULL OR owner_workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['catalogue_policy_versions', 'catalogue_policy_documents', 'catalogue_policy_reviews']
  LOOP
    EXECUTE format('DROP POLICY catalogue_read ON %I', t);
    -- The subquery is itself filtered by catalogue_policies' policy above.
    EXECUTE format('CREATE POLICY catalogue_read ON %I FOR SELECT USING (EXISTS (SELECT 1 FROM catalogue_policies p WHERE p.id = policy_id))', t);
  END LOOP;
END $$;
