-- The app in the person's language (docs/i18n.md): each person's chosen language (null: the workspace's default) and
-- the workspace's default language. French joins the course languages; only a Canadian workspace (complaint regime
-- CA_FEDERAL) may add it to a course or a policy, which the learning API checks (src/domain/courses/course.ts).

ALTER TABLE users ADD COLUMN language text
  CHECK (language IN ('ENGLISH', 'HINDI', 'KANNADA', 'TELUGU', 'TAMIL', 'MARATHI', 'FRENCH'));
ALTER TABLE workspaces ADD COLUMN default_language text NOT NULL DEFAULT 'ENGLISH'
  CHECK (default_language IN ('ENGLISH', 'HINDI', 'KANNADA', 'TELUGU', 'TAMIL', 'MARATHI', 'FRENCH'));

-- Every `language` column that accepted the six languages accepts French too: the checks were declared inline, so
-- they are found by their definition rather than by a name.
DO $$
DECLARE
  c record;
BEGIN
  FOR c IN
    SELECT con.conrelid::regclass AS tbl, con.conname AS name, pg_get_constraintdef(con.oid) AS def
    FROM pg_constraint con
    JOIN pg_namespace n ON n.oid = con.connamespace
    WHERE con.contype = 'c' AND n.nspname = current_schema()
      AND pg_get_constraintdef(con.oid) LIKE '%''MARATHI''%'
      AND pg_get_constraintdef(con.oid) NOT LIKE '%''FRENCH''%'
  LOOP
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', c.tbl, c.name);
    EXECUTE format(
      'ALTER TABLE %s ADD CONSTRAINT %I %s',
      c.tbl,
      c.name,
      replace(c.def, '''MARATHI''::text', '''MARATHI''::text, ''FRENCH''::text')
    );
  END LOOP;
END $$;
