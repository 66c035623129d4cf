-- Learning API, course core: courses, their languages, ordered contents (lessons and quizzes),
-- lesson blocks and quiz questions per language, and course assignments.
-- Every row carries workspace_id (the Citus distribution key) and is guarded by row-level security.
-- Child rows reference their parent through (workspace_id, id), so a row can never point across workspaces.

CREATE TABLE courses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT', 'PUBLISHED')),
  reminder_enabled boolean NOT NULL DEFAULT false,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz,
  CHECK (status = 'DRAFT' OR published_at IS NOT NULL),
  UNIQUE (workspace_id, id)
);
CREATE INDEX courses_ws_created_idx ON courses (workspace_id, created_at DESC);

CREATE TABLE course_languages (
  workspace_id uuid NOT NULL,
  course_id uuid NOT NULL,
  language text NOT NULL CHECK (language IN ('ENGLISH', 'HINDI', 'KANNADA', 'TELUGU', 'TAMIL', 'MARATHI')),
  priority text NOT NULL CHECK (priority IN ('PRIMARY', 'SECONDARY')),
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (course_id, language),
  FOREIGN KEY (workspace_id, course_id) REFERENCES courses (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX course_languages_ws_idx ON course_languages (workspace_id, course_id);
-- At most one PRIMARY per course (the index) and at least one once a course has languages (the trigger,
-- checked at commit so a transaction may move the PRIMARY mark from one language to another).
CREATE UNIQUE INDEX course_languages_one_primary ON course_languages (course_id) WHERE priority = 'PRIMARY';

CREATE FUNCTION course_languages_need_primary() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cid uuid := COALESCE(NEW.course_id, OLD.course_id);
BEGIN
  IF EXISTS (SELECT 1 FROM course_languages WHERE course_id = cid)
     AND NOT EXISTS (SELECT 1 FROM course_languages WHERE course_id = cid AND priority = 'PRIMARY') THEN
    RAISE EXCEPTION 'course % has languages but no PRIMARY language', cid USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER course_languages_primary_check
  AFTER INSERT OR UPDATE OR DELETE ON course_languages
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION course_languages_need_primary();

-- A course's ordered contents: each a LESSON or a QUIZ. Positions are unique per course, checked at
-- commit so a reorder can swap them in one transaction.
CREATE TABLE course_contents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL,
  course_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('LESSON', 'QUIZ')),
  position integer NOT NULL CHECK (position >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (workspace_id, id),
  CONSTRAINT course_contents_position_uq UNIQUE (course_id, position) DEFERRABLE INITIALLY DEFERRED,
  FOREIGN KEY (workspace_id, course_id) REFERENCES courses (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX course_contents_ws_idx ON course_contents (workspace_id, course_id, position);

-- The title of a content per language.
CREATE TABLE course_content_titles (
  workspace_id uuid NOT NULL,
  content_id uuid NOT NULL,
  language text NOT NULL CHECK (language IN ('ENGLISH', 'HINDI', 'KANNADA', 'TELUGU', 'TAMIL', 'MARATHI')),
  title text NOT NULL,
  PRIMARY KEY (content_id, language),
  FOREIGN KEY (workspace_id, content_id) REFERENCES course_contents (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX course_content_titles_ws_idx ON course_content_titles (workspace_id, content_id);

-- A lesson's blocks, ordered, per language. payload is type-specific (TEXT: {text}, VIDEO: {url, title, durationSeconds}).
CREATE TABLE lesson_blocks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL,
  content_id uuid NOT NULL,
  language text NOT NULL CHECK (language IN ('ENGLISH', 'HINDI', 'KANNADA', 'TELUGU', 'TAMIL', 'MARATHI')),
  position integer NOT NULL CHECK (position >= 0),
  type text NOT NULL CHECK (type IN ('TEXT', 'VIDEO', 'IMAGE', 'CHECKBOX_WITH_TEXT', 'MULTIPLE_CHOICE', 'MULTIPLE_RESPONSE',
    'FILL_IN_BLANK', 'MATCHING', 'INPUT_BOX', 'MULTI_SELECT_QUESTION', 'TEXT_AREA', 'RESOURCE', 'UPLOAD_RESOURCE', 'BUTTON',
    'SINGLE_SELECT_QUESTION', 'ASK_TO_UPLOAD_RESOURCE', 'VOTE')),
  payload jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(payload) = 'object'),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT lesson_blocks_position_uq UNIQUE (content_id, language, position) DEFERRABLE INITIALLY DEFERRED,
  FOREIGN KEY (workspace_id, content_id) REFERENCES course_contents (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX lesson_blocks_ws_idx ON lesson_blocks (workspace_id, content_id, language, position);

-- A quiz's questions, ordered, per language; each with its ordered options.
CREATE TABLE quiz_questions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL,
  content_id uuid NOT NULL,
  language text NOT NULL CHECK (language IN ('ENGLISH', 'HINDI', 'KANNADA', 'TELUGU', 'TAMIL', 'MARATHI')),
  position integer NOT NULL CHECK (position >= 0),
  text text NOT NULL,
  multiple boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (workspace_id, id),
  CONSTRAINT quiz_questions_position_uq UNIQUE (content_id, language, position) DEFERRABLE INITIALLY DEFERRED,
  FOREIGN KEY (workspace_id, content_id) REFERENCES course_contents (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX quiz_questions_ws_idx ON quiz_questions (workspace_id, content_id, language, position);

CREATE TABLE quiz_options (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL,
  question_id uuid NOT NULL,
  position integer NOT NULL CHECK (position >= 0),
  text text NOT NULL,
  correct boolean NOT NULL DEFAULT false,
  CONSTRAINT quiz_options_position_uq UNIQUE (question_id, position) DEFERRABLE INITIALLY DEFERRED,
  FOREIGN KEY (workspace_id, question_id) REFERENCES quiz_questions (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX quiz_options_ws_idx ON quiz_options (workspace_id, question_id, position);

-- Who has a course. UNIQUE (course_id, user_id): assigning twice changes nothing (INSERT ... ON CONFLICT DO NOTHING).
-- user_id refers to the main API's users table in the default one-database deployment (docs/learning.md).
CREATE TABLE course_assignments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL,
  course_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  assigned_by uuid,
  assigned_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'ASSIGNED' CHECK (status IN ('ASSIGNED', 'IN_PROGRESS', 'COMPLETED')),
  completed_at timestamptz,
  CONSTRAINT course_assignments_once UNIQUE (course_id, user_id),
  FOREIGN KEY (workspace_id, course_id) REFERENCES courses (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX course_assignments_course_idx ON course_assignments (workspace_id, course_id, assigned_at DESC);
CREATE INDEX course_assignments_user_idx ON course_assignments (workspace_id, user_id);

ALTER TABLE courses ENABLE ROW LEVEL SECURITY;
ALTER TABLE course_languages ENABLE ROW LEVEL SECURITY;
ALTER TABLE course_contents ENABLE ROW LEVEL SECURITY;
ALTER TABLE course_content_titles ENABLE ROW LEVEL SECURITY;
ALTER TABLE lesson_blocks ENABLE ROW LEVEL SECURITY;
ALTER TABLE quiz_questions ENABLE ROW LEVEL SECURITY;
ALTER TABLE quiz_options ENABLE ROW LEVEL SECURITY;
ALTER TABLE course_assignments ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON courses
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON course_languages
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON course_contents
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON course_content_titles
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON lesson_blocks
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON quiz_questions
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON quiz_options
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON course_assignments
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
