-- Catalogue courses (issue 14, docs/policies.md "Catalogue courses").
--
-- The platform admin authors a catalogue course with the workspace builder: it is a course of the main site, whose
-- rows carry the main site's nil workspace id (00000000-0000-0000-0000-000000000000), the convention of migration 0016
-- for rows that belong to no workspace. Every course table keeps its keys, indexes, foreign keys and row-level security;
-- only the two tables whose rows the builder writes under the nil id lose their foreign key to workspaces (the nil id is
-- no row of workspaces): courses and files. Deleting a workspace deletes their rows itself
-- (server/main/platform/workspaces.routes.ts), as it does for sessions and audit events.
ALTER TABLE courses DROP CONSTRAINT courses_workspace_id_fkey;
ALTER TABLE files DROP CONSTRAINT files_workspace_id_fkey;

-- Offering a catalogue course to a workspace copies its published version into the workspace under the same ids (keys
-- are (workspace_id, id), so the same id in two workspaces is two rows): the copy is read-only there
-- (from_catalogue), assignable, and consumes credits. catalogue_version is the catalogue's version it was copied from.
ALTER TABLE courses ADD COLUMN catalogue_version integer CHECK (catalogue_version IS NULL OR catalogue_version >= 1);
ALTER TABLE courses ADD COLUMN offered_at timestamptz;
ALTER TABLE courses ADD CONSTRAINT courses_catalogue_copy_ck CHECK ((catalogue_version IS NULL) = (offered_at IS NULL));
CREATE INDEX courses_catalogue_copies_idx ON courses (id, workspace_id) WHERE from_catalogue;
