-- The learner's side of a course (docs/learning.md "The learner's side"): what a learner did
-- with each block (answers as given, seen, video position and watched ranges, transcript read), lessons done, quiz
-- attempts scored on the server, extra attempts granted by an admin, completions recorded once, and certificates.
-- Every row hangs off the assignment and its cycle (course_assignments.cycle arrives with 0024; a row here names the
-- cycle it belongs to, 1 until then), so a recertification starts fresh and keeps the earlier cycles.
-- Tenant keys as everywhere (0016): primary keys start with workspace_id, unique indexes and foreign keys carry it,
-- row-level security with the same policy.

-- A course may stay valid for a number of years after completion (the certificate prints the expiry date).
ALTER TABLE courses ADD COLUMN validity_years integer NULL CHECK (validity_years IS NULL OR validity_years BETWEEN 1 AND 10);

-- One row per learner, cycle and block they touched. block_id names a block of the assigned version's snapshot.
CREATE TABLE learner_block_states (
  workspace_id uuid NOT NULL,
  assignment_id uuid NOT NULL,
  cycle integer NOT NULL DEFAULT 1 CHECK (cycle > 0),
  block_id uuid NOT NULL,
  lesson_id uuid NOT NULL,
  -- The answer as the learner gave it (contracts BlockAnswer), so they resume on another device.
  answer jsonb CHECK (answer IS NULL OR jsonb_typeof(answer) = 'object'),
  answered_at timestamptz,
  seen_at timestamptz,
  -- Video: resume position, merged watched ranges ([[from, to], ...] seconds), the duration gone by, the last report.
  video_position double precision,
  video_watched jsonb CHECK (video_watched IS NULL OR jsonb_typeof(video_watched) = 'array'),
  video_duration double precision,
  video_reported_at timestamptz,
  transcript_read_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, assignment_id, cycle, block_id),
  FOREIGN KEY (workspace_id, assignment_id) REFERENCES course_assignments (workspace_id, id) ON DELETE CASCADE
);

-- A lesson done: by the learner under the rules (PLAYER) or marked by an admin with a reason (ADMIN).
CREATE TABLE learner_lessons (
  workspace_id uuid NOT NULL,
  assignment_id uuid NOT NULL,
  cycle integer NOT NULL DEFAULT 1 CHECK (cycle > 0),
  lesson_id uuid NOT NULL,
  done_at timestamptz NOT NULL DEFAULT now(),
  source text NOT NULL CHECK (source IN ('PLAYER', 'ADMIN')),
  marked_by uuid,
  reason text,
  PRIMARY KEY (workspace_id, assignment_id, cycle, lesson_id),
  FOREIGN KEY (workspace_id, assignment_id) REFERENCES course_assignments (workspace_id, id) ON DELETE CASCADE,
  CHECK (source = 'PLAYER' OR reason IS NOT NULL)
);

-- Quiz attempts. The unique attempt number is the last wall against two attempts sent at once (the server also
-- locks the assignment row while it counts).
CREATE TABLE quiz_attempts (
  workspace_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  assignment_id uuid NOT NULL,
  cycle integer NOT NULL DEFAULT 1 CHECK (cycle > 0),
  quiz_id uuid NOT NULL,
  attempt_number integer NOT NULL CHECK (attempt_number > 0),
  language text NOT NULL CHECK (language IN ('ENGLISH', 'HINDI', 'KANNADA', 'TELUGU', 'TAMIL', 'MARATHI')),
  -- {questionId: [keys]} as given, and the server's verdict per question.
  answers jsonb NOT NULL CHECK (jsonb_typeof(answers) = 'object'),
  results jsonb NOT NULL CHECK (jsonb_typeof(results) = 'array'),
  score numeric(5, 1) NOT NULL CHECK (score BETWEEN 0 AND 100),
  pass_mark integer NOT NULL,
  passed boolean NOT NULL,
  submitted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  CONSTRAINT quiz_attempts_number_once UNIQUE (workspace_id, assignment_id, cycle, quiz_id, attempt_number),
  FOREIGN KEY (workspace_id, assignment_id) REFERENCES course_assignments (workspace_id, id) ON DELETE CASCADE
);

-- Extra attempts an admin granted a learner on a quiz, on top of the quiz's limit (per cycle).
CREATE TABLE quiz_attempt_grants (
  workspace_id uuid NOT NULL,
  assignment_id uuid NOT NULL,
  cycle integer NOT NULL DEFAULT 1 CHECK (cycle > 0),
  quiz_id uuid NOT NULL,
  extra_attempts integer NOT NULL CHECK (extra_attempts BETWEEN 0 AND 1000),
  updated_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, assignment_id, cycle, quiz_id),
  FOREIGN KEY (workspace_id, assignment_id) REFERENCES course_assignments (workspace_id, id) ON DELETE CASCADE
);

-- Completions, recorded once per assignment and cycle (PLAYER, ADMIN), or imported from another system (IMPORTED,
-- once per person, course and day). What was completed is copied here (title, version, the learner's name), so a
-- later edit of the course or the person changes nothing of the record.
CREATE TABLE course_completions (
  workspace_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  course_id uuid NOT NULL,
  assignment_id uuid,
  cycle integer NOT NULL DEFAULT 1 CHECK (cycle > 0),
  completed_at timestamptz NOT NULL,
  completed_on date NOT NULL,
  score numeric(5, 1) CHECK (score IS NULL OR score BETWEEN 0 AND 100),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  course_version integer,
  course_title text NOT NULL,
  language text NOT NULL CHECK (language IN ('ENGLISH', 'HINDI', 'KANNADA', 'TELUGU', 'TAMIL', 'MARATHI')),
  expires_on date,
  source text NOT NULL CHECK (source IN ('PLAYER', 'ADMIN', 'IMPORTED')),
  recorded_by uuid,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, course_id) REFERENCES courses (workspace_id, id) ON DELETE CASCADE,
  FOREIGN KEY (workspace_id, user_id) REFERENCES users (workspace_id, id) ON DELETE CASCADE,
  FOREIGN KEY (workspace_id, assignment_id) REFERENCES course_assignments (workspace_id, id) ON DELETE SET NULL (assignment_id)
);
CREATE UNIQUE INDEX course_completions_once ON course_completions (workspace_id, assignment_id, cycle) WHERE source <> 'IMPORTED';
CREATE UNIQUE INDEX course_completions_imported_once ON course_completions (workspace_id, user_id, course_id, completed_on) WHERE source = 'IMPORTED';
CREATE INDEX course_completions_user_idx ON course_completions (workspace_id, user_id, course_id, completed_at DESC);

-- Certificates: exactly what the PDF prints, kept so the public verification shows the same fields.
CREATE TABLE certificates (
  workspace_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  code text NOT NULL CHECK (code ~ '^[A-Z0-9-]{6,40}$'),
  completion_id uuid NOT NULL,
  user_id uuid NOT NULL,
  course_id uuid NOT NULL,
  name text NOT NULL,
  course_title text NOT NULL,
  language text NOT NULL CHECK (language IN ('ENGLISH', 'HINDI', 'KANNADA', 'TELUGU', 'TAMIL', 'MARATHI')),
  organisation text NOT NULL,
  completed_on date NOT NULL,
  issued_on date NOT NULL,
  expires_on date,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  CONSTRAINT certificates_code_once UNIQUE (workspace_id, code),
  CONSTRAINT certificates_completion_once UNIQUE (workspace_id, completion_id),
  FOREIGN KEY (workspace_id, completion_id) REFERENCES course_completions (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX certificates_user_idx ON certificates (workspace_id, user_id, course_id, created_at DESC);

ALTER TABLE learner_block_states ENABLE ROW LEVEL SECURITY;
ALTER TABLE learner_lessons ENABLE ROW LEVEL SECURITY;
ALTER TABLE quiz_attempts ENABLE ROW LEVEL SECURITY;
ALTER TABLE quiz_attempt_grants ENABLE ROW LEVEL SECURITY;
ALTER TABLE course_completions ENABLE ROW LEVEL SECURITY;
ALTER TABLE certificates ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON learner_block_states
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON learner_lessons
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON quiz_attempts
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON quiz_attempt_grants
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON course_completions
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON certificates
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
