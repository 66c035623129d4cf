-- Course files (issue 11, docs/files.md): one row per upload. The browser PUTs the bytes straight to a signed URL of
-- the file store; the row is PENDING until the confirm call has measured the stored file and read its type from its
-- own bytes, then CONFIRMED. A refused upload deletes both the stored bytes and its row: nothing is left behind.
CREATE TABLE files (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  -- Who uploaded it (kept after the account goes, as audit events keep their actor).
  owner_id uuid NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('VIDEO', 'IMAGE', 'PDF', 'CAPTIONS', 'DOCUMENT')),
  -- The name and size the browser declared: shown to the author, never trusted for the type.
  declared_name text NOT NULL CHECK (length(declared_name) BETWEEN 1 AND 255),
  declared_size bigint NOT NULL CHECK (declared_size > 0),
  -- Where the store keeps it: `<workspace_id>/<random>-<safe name>`.
  storage_key text NOT NULL,
  -- Measured and read from the stored bytes by the confirm call.
  size bigint CHECK (size >= 0),
  detected_type text,
  -- The language the file is for (captions, a translated PDF), from the confirm call's ?language.
  language text CHECK (language IN ('ENGLISH', 'HINDI', 'KANNADA', 'TELUGU', 'TAMIL', 'MARATHI')),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'CONFIRMED')),
  -- generate-upload-url-for-update: the file this upload replaces (the same purpose; the old one stays for the
  -- published versions that show it).
  replaces_file_id uuid,
  -- The course's generate-upload-url-for-update: the course whose cover this image becomes when confirmed.
  cover_of_course_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  CHECK (status = 'PENDING' OR (size IS NOT NULL AND detected_type IS NOT NULL AND confirmed_at IS NOT NULL)),
  CHECK (cover_of_course_id IS NULL OR purpose = 'IMAGE'),
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, replaces_file_id) REFERENCES files (workspace_id, id) ON DELETE SET NULL (replaces_file_id),
  -- A deleted course forgets it was the target; the file stays (a clone may show the same cover).
  FOREIGN KEY (workspace_id, cover_of_course_id) REFERENCES courses (workspace_id, id) ON DELETE SET NULL (cover_of_course_id)
);
CREATE UNIQUE INDEX files_storage_key_uq ON files (workspace_id, storage_key);
-- The sweep of uploads never confirmed (server/learning/files/files.service.ts).
CREATE INDEX files_pending_idx ON files (workspace_id, created_at) WHERE status = 'PENDING';

-- A course's cover image: courses.cover_file_id (migration 0020) names a file of the same workspace. A cover file is
-- never deleted while a course shows it (no cascade: the delete fails).
ALTER TABLE courses ADD CONSTRAINT courses_cover_file_fk
  FOREIGN KEY (workspace_id, cover_file_id) REFERENCES files (workspace_id, id);
CREATE INDEX courses_cover_file_idx ON courses (workspace_id, cover_file_id) WHERE cover_file_id IS NOT NULL;

ALTER TABLE files ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON files
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
