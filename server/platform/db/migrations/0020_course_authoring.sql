-- Course authoring (issue 11): one row per lesson block with every language's words in it, quiz settings, questions
-- with per-language texts and options with stable keys, course versions, and the course's cover image.
-- Tenant keys as in 0016: primary keys (workspace_id, ...), unique indexes starting with workspace_id, foreign keys
-- carrying workspace_id, row-level security on every new table. Runs in one transaction on a database with data:
-- the old per-language rows are converted (TEXT -> TEXT_AREA, questions and options merged across languages).

-- 1. Courses: the version being edited, the one last published, the cover, who changed it last.
ALTER TABLE courses ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1);
ALTER TABLE courses ADD COLUMN published_version integer CHECK (published_version IS NULL OR (published_version >= 1 AND published_version <= version));
ALTER TABLE courses ADD COLUMN cover_file_id uuid;
ALTER TABLE courses ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE courses ADD COLUMN updated_by uuid;
UPDATE courses SET published_version = 1 WHERE status = 'PUBLISHED';
ALTER TABLE courses ADD CONSTRAINT courses_published_version_check CHECK ((status = 'PUBLISHED') = (published_version IS NOT NULL));

-- 2. Versions. Publishing freezes the course as it is (snapshot, the author's whole course: languages, contents,
-- blocks, questions); editing a published course makes the live rows a draft of version + 1. A course published
-- before this migration has its version 1 without a snapshot: the server freezes it before the first edit.
CREATE TABLE course_versions (
  workspace_id uuid NOT NULL,
  course_id uuid NOT NULL,
  version integer NOT NULL CHECK (version >= 1),
  published_at timestamptz NOT NULL DEFAULT now(),
  published_by uuid,
  snapshot jsonb CHECK (snapshot IS NULL OR jsonb_typeof(snapshot) = 'object'),
  PRIMARY KEY (workspace_id, course_id, version),
  FOREIGN KEY (workspace_id, course_id) REFERENCES courses (workspace_id, id) ON DELETE CASCADE
);
INSERT INTO course_versions (workspace_id, course_id, version, published_at, published_by)
  SELECT workspace_id, id, 1, published_at, created_by FROM courses WHERE status = 'PUBLISHED';

-- Every assignment records the version it is of (an auditor asks "which course did this person complete?").
ALTER TABLE course_assignments ADD COLUMN course_version integer;
UPDATE course_assignments a SET course_version = 1 FROM courses c
 WHERE c.workspace_id = a.workspace_id AND c.id = a.course_id AND c.status = 'PUBLISHED';
ALTER TABLE course_assignments ADD CONSTRAINT course_assignments_version_fkey
  FOREIGN KEY (workspace_id, course_id, course_version) REFERENCES course_versions (workspace_id, course_id, version);
CREATE INDEX course_assignments_version_idx ON course_assignments (workspace_id, course_id, course_version);

-- 3. Convert the old per-language rows before their tables go.
CREATE TEMP TABLE old_blocks ON COMMIT DROP AS
  SELECT workspace_id, content_id,
         (row_number() OVER (PARTITION BY workspace_id, content_id ORDER BY position) - 1)::int AS position,
         jsonb_build_object('type', 'TEXT_AREA', 'alignment', 'LEFT', 'texts', texts) AS block
    FROM (SELECT workspace_id, content_id, position,
                 jsonb_object_agg(language, jsonb_build_object('body', payload->>'text')) AS texts
            FROM lesson_blocks
           WHERE type = 'TEXT' AND coalesce(trim(payload->>'text'), '') <> ''
           GROUP BY workspace_id, content_id, position) t;

CREATE TEMP TABLE old_questions ON COMMIT DROP AS
  SELECT workspace_id, content_id, position, gen_random_uuid() AS id,
         CASE WHEN bool_or(multiple) THEN 'MULTIPLE' ELSE 'SINGLE' END AS kind,
         jsonb_object_agg(language, jsonb_build_object('text', text)) AS texts
    FROM quiz_questions GROUP BY workspace_id, content_id, position;

CREATE TEMP TABLE old_options ON COMMIT DROP AS
  SELECT q.workspace_id, nq.id AS question_id, o.position, 'o' || (o.position + 1) AS key,
         bool_or(o.correct) AS correct, jsonb_object_agg(q.language, o.text) AS texts
    FROM quiz_options o
    JOIN quiz_questions q ON q.workspace_id = o.workspace_id AND q.id = o.question_id
    JOIN old_questions nq ON nq.workspace_id = q.workspace_id AND nq.content_id = q.content_id AND nq.position = q.position
   GROUP BY q.workspace_id, nq.id, o.position;

DROP TABLE quiz_options;
DROP TABLE quiz_questions;
DROP TABLE lesson_blocks;

-- 4. A lesson's blocks: one row per block. `block` is the block of src/contracts/learning/blocks.contract.ts
-- (LessonBlock, validated by that schema on every write), its words per language in block.texts.
CREATE TABLE lesson_blocks (
  workspace_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  content_id uuid NOT NULL,
  position integer NOT NULL CHECK (position >= 0),
  type text NOT NULL CHECK (type IN ('CHECKBOX_WITH_TEXT', 'MULTIPLE_CHOICE', 'MULTIPLE_RESPONSE', 'FILL_IN_BLANK', 'MATCHING',
    'INPUT_BOX', 'IMAGE', 'MULTI_SELECT_QUESTION', 'VIDEO', 'TEXT_AREA', 'RESOURCE', 'UPLOAD_RESOURCE', 'BUTTON',
    'SINGLE_SELECT_QUESTION', 'ASK_TO_UPLOAD_RESOURCE', 'VOTE')),
  block jsonb NOT NULL CHECK (jsonb_typeof(block) = 'object' AND block->>'type' = type AND jsonb_typeof(block->'texts') = 'object'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  CONSTRAINT lesson_blocks_position_uq UNIQUE (workspace_id, content_id, position) DEFERRABLE INITIALLY DEFERRED,
  FOREIGN KEY (workspace_id, content_id) REFERENCES course_contents (workspace_id, id) ON DELETE CASCADE
);
INSERT INTO lesson_blocks (workspace_id, content_id, position, type, block)
  SELECT workspace_id, content_id, position, 'TEXT_AREA', block FROM old_blocks;

-- 5. A quiz's settings: one row per QUIZ content.
CREATE TABLE quizzes (
  workspace_id uuid NOT NULL,
  content_id uuid NOT NULL,
  pass_mark integer NOT NULL DEFAULT 70 CHECK (pass_mark BETWEEN 0 AND 100),
  max_attempts integer DEFAULT 3 CHECK (max_attempts IS NULL OR max_attempts BETWEEN 1 AND 100),
  answer_reveal text NOT NULL DEFAULT 'AFTER_PASSING' CHECK (answer_reveal IN ('NEVER', 'AFTER_PASSING', 'AFTER_LAST_ATTEMPT')),
  PRIMARY KEY (workspace_id, content_id),
  FOREIGN KEY (workspace_id, content_id) REFERENCES course_contents (workspace_id, id) ON DELETE CASCADE
);
INSERT INTO quizzes (workspace_id, content_id) SELECT workspace_id, id FROM course_contents WHERE kind = 'QUIZ';

-- 6. Questions: one row each, its words per language in texts ({"ENGLISH": {"text": ..., "explanation": ...}}).
CREATE TABLE quiz_questions (
  workspace_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  content_id uuid NOT NULL,
  position integer NOT NULL CHECK (position >= 0),
  kind text NOT NULL DEFAULT 'SINGLE' CHECK (kind IN ('SINGLE', 'MULTIPLE')),
  texts jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(texts) = 'object'),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  CONSTRAINT quiz_questions_position_uq UNIQUE (workspace_id, content_id, position) DEFERRABLE INITIALLY DEFERRED,
  FOREIGN KEY (workspace_id, content_id) REFERENCES quizzes (workspace_id, content_id) ON DELETE CASCADE
);
INSERT INTO quiz_questions (workspace_id, id, content_id, position, kind, texts)
  SELECT workspace_id, id, content_id, (row_number() OVER (PARTITION BY workspace_id, content_id ORDER BY position) - 1)::int, kind, texts
    FROM old_questions;

-- Options: rows with a key stable across languages and edits; their words per language in texts ({"ENGLISH": "..."}).
CREATE TABLE quiz_options (
  workspace_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  question_id uuid NOT NULL,
  key text NOT NULL CHECK (key ~ '^[A-Za-z0-9_-]{1,40}$'),
  position integer NOT NULL CHECK (position >= 0),
  correct boolean NOT NULL DEFAULT false,
  texts jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(texts) = 'object'),
  PRIMARY KEY (workspace_id, id),
  CONSTRAINT quiz_options_key_uq UNIQUE (workspace_id, question_id, key),
  CONSTRAINT quiz_options_position_uq UNIQUE (workspace_id, question_id, position) DEFERRABLE INITIALLY DEFERRED,
  FOREIGN KEY (workspace_id, question_id) REFERENCES quiz_questions (workspace_id, id) ON DELETE CASCADE
);
INSERT INTO quiz_options (workspace_id, question_id, key, position, correct, texts)
  SELECT workspace_id, question_id, key, position, correct, texts FROM old_options;

ALTER TABLE course_versions ENABLE ROW LEVEL SECURITY;
ALTER TABLE lesson_blocks ENABLE ROW LEVEL SECURITY;
ALTER TABLE quizzes ENABLE ROW LEVEL SECURITY;
ALTER TABLE quiz_questions ENABLE ROW LEVEL SECURITY;
ALTER TABLE quiz_options ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON course_versions
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON lesson_blocks
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON quizzes
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON quiz_questions
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON quiz_options
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
