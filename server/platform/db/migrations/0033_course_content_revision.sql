-- A course's content revision (issue 11, docs/learning.md "Course details cache").
--
-- `courses.content_revision` moves whenever anything the author's details are built from changes: the course's
-- languages, its contents and their titles, lesson blocks, quizzes, questions and options. The details call keys
-- its cache of rendered contents by (course, revision, language), like Moodle's course cache revision: a reader on
-- any server process sees a new revision in the course row it reads anyway, so no process serves stale contents.
--
-- The bump is a statement-level trigger with a transition table, so a statement that writes 600 blocks (a clone, a
-- catalogue copy) moves the revision once, and no write path (service, seed, a later feature) can forget it.
-- PostgreSQL allows a transition table on a single-event trigger only: three triggers per table.

ALTER TABLE courses ADD COLUMN content_revision bigint NOT NULL DEFAULT 0;

-- Rows carrying course_id.
CREATE FUNCTION bump_course_revision_by_course() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE courses c SET content_revision = c.content_revision + 1
    FROM (SELECT DISTINCT workspace_id, course_id FROM changed) x
   WHERE c.workspace_id = x.workspace_id AND c.id = x.course_id;
  RETURN NULL;
END $$;

-- Rows carrying content_id (a lesson or a quiz of a course).
CREATE FUNCTION bump_course_revision_by_content() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE courses c SET content_revision = c.content_revision + 1
    FROM (SELECT DISTINCT cc.workspace_id, cc.course_id
            FROM (SELECT DISTINCT workspace_id, content_id FROM changed) x
            JOIN course_contents cc ON cc.workspace_id = x.workspace_id AND cc.id = x.content_id) y
   WHERE c.workspace_id = y.workspace_id AND c.id = y.course_id;
  RETURN NULL;
END $$;

-- Rows carrying question_id (an option of a quiz question).
CREATE FUNCTION bump_course_revision_by_question() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE courses c SET content_revision = c.content_revision + 1
    FROM (SELECT DISTINCT cc.workspace_id, cc.course_id
            FROM (SELECT DISTINCT workspace_id, question_id FROM changed) x
            JOIN quiz_questions q ON q.workspace_id = x.workspace_id AND q.id = x.question_id
            JOIN course_contents cc ON cc.workspace_id = q.workspace_id AND cc.id = q.content_id) y
   WHERE c.workspace_id = y.workspace_id AND c.id = y.course_id;
  RETURN NULL;
END $$;

DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
      ('course_languages', 'bump_course_revision_by_course'),
      ('course_contents', 'bump_course_revision_by_course'),
      ('course_content_titles', 'bump_course_revision_by_content'),
      ('lesson_blocks', 'bump_course_revision_by_content'),
      ('quizzes', 'bump_course_revision_by_content'),
      ('quiz_questions', 'bump_course_revision_by_content'),
      ('quiz_options', 'bump_course_revision_by_question')) AS v(tbl, fn)
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION %I()',
      t.tbl || '_revision_ins', t.tbl, t.fn);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION %I()',
      t.tbl || '_revision_upd', t.tbl, t.fn);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION %I()',
      t.tbl || '_revision_del', t.tbl, t.fn);
  END LOOP;
END $$;
