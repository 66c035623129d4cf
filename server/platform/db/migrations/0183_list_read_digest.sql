-- A list read's chain line names the cases it listed by the sha256 of their ids, kept on the set of cases, instead of
-- the ids themselves (docs/decisions/0032-list-read-line-by-digest.md; docs/case.md "The access log's hash chain").
-- Building the line of 200 ids as jsonb was most of a list read's statement, done under the workspace's chain lock,
-- so every list read of the workspace queued behind it. A set's digest is computed once, when the set is written; the
-- read's line carries it (format 2). The check recomputes each set's digest from its ids as they are now, so changing
-- a set's ids still breaks every read of it. Reads written before keep their line (format 1) and verify as they were.

-- The digest of a list of case ids: sha256 of their text joined by commas, in the order held (a null as 'null').
CREATE FUNCTION complaint_list_ids_digest(ids uuid[]) RETURNS bytea
LANGUAGE sql IMMUTABLE
AS $$
  SELECT sha256(convert_to(array_to_string(ids, ',', 'null'), 'UTF8'))
$$;

-- Each set's digest, computed by the database when the set is written (any value given is replaced).
ALTER TABLE complaint_list_sets ADD COLUMN ids_sha256 bytea;

ALTER TABLE complaint_list_sets DISABLE TRIGGER complaint_list_sets_append_only;
UPDATE complaint_list_sets SET ids_sha256 = complaint_list_ids_digest(complaint_ids);
ALTER TABLE complaint_list_sets ENABLE TRIGGER complaint_list_sets_append_only;
ALTER TABLE complaint_list_sets ALTER COLUMN ids_sha256 SET NOT NULL;

CREATE FUNCTION complaint_list_sets_digest() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  NEW.ids_sha256 := complaint_list_ids_digest(NEW.complaint_ids);
  RETURN NEW;
END
$$;

CREATE TRIGGER complaint_list_sets_digest BEFORE INSERT ON complaint_list_sets
  FOR EACH ROW EXECUTE FUNCTION complaint_list_sets_digest();

-- The format of a read's line: 1 for the reads written before (all of them, by the column's default when added), 2
-- from now on (set by the chain's trigger whatever the insert says). The line names its format, so a row whose
-- format is changed no longer hashes to its `hash`.
ALTER TABLE complaint_list_reads ADD COLUMN line_format smallint NOT NULL DEFAULT 1;
ALTER TABLE complaint_list_reads ALTER COLUMN line_format SET DEFAULT 2;
ALTER TABLE complaint_list_reads ADD CONSTRAINT complaint_list_reads_line_format CHECK (line_format IN (1, 2));

-- The line of a read given the digest of the ids it names (its own, or its set's): format 2. A format-1 read's line
-- is 0071's, which reads the ids themselves (the digest is not used).
CREATE FUNCTION complaint_list_read_line(r complaint_list_reads, ids_digest bytea) RETURNS text
LANGUAGE sql STABLE
AS $$
  SELECT CASE WHEN r.line_format = 1 THEN complaint_list_read_line(r)
         ELSE jsonb_build_array('list-read/2', r.seq, r.workspace_id, r.id, r.actor_user_id, r.ip,
                to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), r.set_id,
                encode(ids_digest, 'hex'))::text END
$$;

-- The chain's trigger: the digest is read (a set's, kept) or computed (a read's own ids) before the lock, so the
-- lock is held for the last read's lookup and one sha256 of a short line.
CREATE OR REPLACE FUNCTION complaint_list_reads_chain() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  last_seq bigint;
  last_hash bytea;
  ids_digest bytea;
BEGIN
  NEW.line_format := 2;
  IF NEW.set_id IS NOT NULL THEN
    SELECT k.ids_sha256 INTO ids_digest FROM complaint_list_sets k WHERE k.workspace_id = NEW.workspace_id AND k.id = NEW.set_id;
  ELSE
    ids_digest := complaint_list_ids_digest(NEW.complaint_ids);
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('complaint-list-log:' || NEW.workspace_id::text, 0));
  SELECT seq, hash INTO last_seq, last_hash FROM complaint_list_reads
   WHERE workspace_id = NEW.workspace_id
   ORDER BY seq DESC LIMIT 1;
  NEW.seq := coalesce(last_seq, 0) + 1;
  NEW.prev_hash := last_hash;
  NEW.hash := sha256(coalesce(last_hash, '\x'::bytea) || convert_to(complaint_list_read_line(NEW, ids_digest), 'UTF8'));
  RETURN NEW;
END
$$;
