-- course_reminders, the idempotency ledger of the course mails (learner + course + kind + day), made lean for the
-- daily run (the reminders bench: docs/learning.md "Reminders and recertification", bench/RESULTS.md).
-- Writing one key costed about four times the outbox row it guards: a random-uuid primary key, the unique key and a
-- third index, and two foreign keys whose per-row checks were most of it. Now the key itself is the primary key (its
-- columns ordered course first, so the members list's "last reminded" lookup by course and learner uses it), nothing
-- else is indexed, and the two ON DELETE CASCADEs the foreign keys gave are triggers on the rare deletes of a person or
-- a course instead of a check on every reminder. No reader used `id`. Rows are kept as they are.
ALTER TABLE course_reminders DROP CONSTRAINT course_reminders_pkey;
ALTER TABLE course_reminders DROP CONSTRAINT course_reminders_once;
DROP INDEX IF EXISTS course_reminders_course_idx;
ALTER TABLE course_reminders DROP COLUMN id;
ALTER TABLE course_reminders ADD CONSTRAINT course_reminders_pkey PRIMARY KEY (workspace_id, course_id, user_id, kind, on_day);
ALTER TABLE course_reminders DROP CONSTRAINT course_reminders_workspace_id_user_id_fkey;
ALTER TABLE course_reminders DROP CONSTRAINT course_reminders_workspace_id_course_id_fkey;

-- What the foreign keys' ON DELETE CASCADE did: a person or a course deleted takes its reminders with it (one statement
-- per delete, over the deleted rows; the deleting transaction's workspace is theirs, so row-level security allows it).
CREATE FUNCTION course_reminders_forget_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM course_reminders r USING old_rows o WHERE r.workspace_id = o.workspace_id AND r.user_id = o.id;
  RETURN NULL;
END $$;
CREATE FUNCTION course_reminders_forget_courses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM course_reminders r USING old_rows o WHERE r.workspace_id = o.workspace_id AND r.course_id = o.id;
  RETURN NULL;
END $$;
CREATE TRIGGER course_reminders_forget_users AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION course_reminders_forget_users();
CREATE TRIGGER course_reminders_forget_courses AFTER DELETE ON courses REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION course_reminders_forget_courses();
