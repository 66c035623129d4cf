-- Evidence names out of the access log, the chain intact (docs/case.md "The access log's hash chain": redaction).
-- Before evidence names were sealed (0059), two events wrote the file's name in clear in their details:
-- `evidence.download` {fileId, fileName} and the reporter's `evidence.add` {fileId, fileName, by: 'RECEIPT'}.
-- The chain's line carries the sha256 of the details, not the details: a redacted entry keeps that hash in
-- `details_sha256` (the hash of the details as written), its details lose the name, and the line, the entry's hash
-- and every later link stay as they were. Each case whose log was redacted gets one `log.redact` entry, chained
-- after the others, naming the entries, the field removed and the hashes kept: the redaction is itself recorded.

ALTER TABLE complaint_audit_events ADD COLUMN details_sha256 bytea;

CREATE OR REPLACE FUNCTION complaint_audit_line(e complaint_audit_events) RETURNS text
LANGUAGE sql STABLE
AS $$
  SELECT jsonb_build_array('case-event', e.seq, e.workspace_id, e.complaint_id, e.id, e.actor_user_id, e.action, e.ip,
           to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
           encode(coalesce(e.details_sha256, sha256(convert_to(e.details::text, 'UTF8'))), 'hex'))::text
$$;

ALTER TABLE complaint_audit_events DISABLE TRIGGER complaint_audit_events_append_only;

CREATE TEMP TABLE redacted_case_events ON COMMIT DROP AS
  SELECT workspace_id, complaint_id, id, seq, sha256(convert_to(details::text, 'UTF8')) AS original
    FROM complaint_audit_events
   WHERE action IN ('evidence.download', 'evidence.add') AND details ? 'fileName' AND details_sha256 IS NULL;

UPDATE complaint_audit_events e
   SET details_sha256 = r.original,
       details = (e.details - 'fileName') || '{"redacted": ["fileName"]}'::jsonb
  FROM redacted_case_events r
 WHERE e.workspace_id = r.workspace_id AND e.id = r.id;

ALTER TABLE complaint_audit_events ENABLE TRIGGER complaint_audit_events_append_only;

INSERT INTO complaint_audit_events (workspace_id, complaint_id, actor_user_id, action, ip, details)
SELECT workspace_id, complaint_id, NULL, 'log.redact', NULL,
       jsonb_build_object(
         'reason', 'Evidence names are sealed: names written in clear by earlier versions were removed from these entries',
         'fields', jsonb_build_array('fileName'),
         'entries', jsonb_agg(jsonb_build_object('seq', seq, 'detailsSha256', encode(original, 'hex')) ORDER BY seq))
  FROM redacted_case_events
 GROUP BY workspace_id, complaint_id;

-- Only a migration redacts: an entry written by the app never carries a kept hash (it would let new details pass as
-- the hashed ones). Named to fire before the chain's trigger (triggers fire in name order).
CREATE FUNCTION complaint_audit_events_no_kept_hash() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.details_sha256 := NULL;
  RETURN NEW;
END
$$;
CREATE TRIGGER complaint_audit_events_a_no_kept_hash BEFORE INSERT ON complaint_audit_events
  FOR EACH ROW EXECUTE FUNCTION complaint_audit_events_no_kept_hash();
