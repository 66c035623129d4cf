-- The case access log is tamper-evident (docs/case.md "The access log's hash chain"). Each event of a case carries
-- its place in the case's chain (`seq`, from 1), the hash of the event before it (`prev_hash`, null for the first)
-- and its own hash: sha256(prev_hash || the event's canonical line). The chain is computed here, in a BEFORE INSERT
-- trigger, so that every insert of every path (services, jobs, the reporter's receipt) passes through it; an
-- advisory lock per case serialises the inserts of one case, and a unique (case, seq) refuses a fork even if a
-- transaction were to miss the lock's effect (an isolation level that keeps an older snapshot).
-- The list reads (complaint_list_reads, "Complaints listed" in each case's log) name many cases at once, so they get
-- one chain per workspace, their own.

ALTER TABLE complaint_audit_events ADD COLUMN seq integer, ADD COLUMN prev_hash bytea, ADD COLUMN hash bytea;

-- The canonical line of an event: a JSON array, in this order. `at` in UTC to the microsecond; the details as the
-- hex sha256 of their jsonb text (so an export may withhold a redacted entry's details and the chain still verifies).
CREATE FUNCTION complaint_audit_line(e complaint_audit_events) RETURNS text
LANGUAGE sql STABLE
AS $$
  SELECT jsonb_build_array('case-event', e.seq, e.workspace_id, e.complaint_id, e.id, e.actor_user_id, e.action, e.ip,
           to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
           encode(sha256(convert_to(e.details::text, 'UTF8')), 'hex'))::text
$$;


-- The events written before: each case's chain in the order they were written (at, id). The append-only trigger is
-- off for this one transaction (the migration runs as the table's owner).
ALTER TABLE complaint_audit_events DISABLE TRIGGER complaint_audit_events_append_only;

DO $$
DECLARE
  e complaint_audit_events;
  last_case uuid;
  last_ws uuid;
  last_hash bytea;
  n integer;
BEGIN
  FOR e IN SELECT * FROM complaint_audit_events ORDER BY workspace_id, complaint_id, at, id LOOP
    IF last_case IS DISTINCT FROM e.complaint_id OR last_ws IS DISTINCT FROM e.workspace_id THEN
      last_case := e.complaint_id;
      last_ws := e.workspace_id;
      last_hash := NULL;
      n := 0;
    END IF;
    n := n + 1;
    e.seq := n;
    e.prev_hash := last_hash;
    e.hash := sha256(coalesce(last_hash, '\x'::bytea) || convert_to(complaint_audit_line(e), 'UTF8'));
    UPDATE complaint_audit_events SET seq = e.seq, prev_hash = e.prev_hash, hash = e.hash WHERE workspace_id = e.workspace_id AND id = e.id;
    last_hash := e.hash;
  END LOOP;
END
$$;

ALTER TABLE complaint_audit_events ENABLE TRIGGER complaint_audit_events_append_only;
ALTER TABLE complaint_audit_events ALTER COLUMN seq SET NOT NULL, ALTER COLUMN hash SET NOT NULL;
CREATE UNIQUE INDEX complaint_audit_events_chain_idx ON complaint_audit_events (workspace_id, complaint_id, seq);

CREATE FUNCTION complaint_audit_events_chain() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  last_seq integer;
  last_hash bytea;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('complaint-log:' || NEW.complaint_id::text, 0));
  -- Read after the lock: in READ COMMITTED each statement of the function takes a new snapshot, so the event the
  -- transaction that held the lock wrote is seen.
  SELECT seq, hash INTO last_seq, last_hash FROM complaint_audit_events
   WHERE workspace_id = NEW.workspace_id AND complaint_id = NEW.complaint_id
   ORDER BY seq DESC LIMIT 1;
  NEW.seq := coalesce(last_seq, 0) + 1;
  NEW.prev_hash := last_hash;
  NEW.hash := sha256(coalesce(last_hash, '\x'::bytea) || convert_to(complaint_audit_line(NEW), 'UTF8'));
  RETURN NEW;
END
$$;

CREATE TRIGGER complaint_audit_events_chain BEFORE INSERT ON complaint_audit_events
  FOR EACH ROW EXECUTE FUNCTION complaint_audit_events_chain();

-- The list reads: one chain per workspace. The line names the cases listed, from the read itself or from its set
-- (so changing a set's ids breaks every read of it).
ALTER TABLE complaint_list_reads ADD COLUMN seq bigint, ADD COLUMN prev_hash bytea, ADD COLUMN hash bytea;
CREATE FUNCTION complaint_list_read_line(r complaint_list_reads) RETURNS text
LANGUAGE sql STABLE
AS $$
  SELECT jsonb_build_array('list-read', r.seq, r.workspace_id, r.id, r.actor_user_id, r.ip,
           to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), r.set_id,
           coalesce(r.complaint_ids, (SELECT k.complaint_ids FROM complaint_list_sets k WHERE k.workspace_id = r.workspace_id AND k.id = r.set_id)))::text
$$;

ALTER TABLE complaint_list_reads DISABLE TRIGGER complaint_list_reads_append_only;

DO $$
DECLARE
  r complaint_list_reads;
  last_ws uuid;
  last_hash bytea;
  n bigint;
BEGIN
  FOR r IN SELECT * FROM complaint_list_reads ORDER BY workspace_id, at, id LOOP
    IF last_ws IS DISTINCT FROM r.workspace_id THEN
      last_ws := r.workspace_id;
      last_hash := NULL;
      n := 0;
    END IF;
    n := n + 1;
    r.seq := n;
    r.prev_hash := last_hash;
    r.hash := sha256(coalesce(last_hash, '\x'::bytea) || convert_to(complaint_list_read_line(r), 'UTF8'));
    UPDATE complaint_list_reads SET seq = r.seq, prev_hash = r.prev_hash, hash = r.hash WHERE workspace_id = r.workspace_id AND id = r.id;
    last_hash := r.hash;
  END LOOP;
END
$$;

ALTER TABLE complaint_list_reads ENABLE TRIGGER complaint_list_reads_append_only;
ALTER TABLE complaint_list_reads ALTER COLUMN seq SET NOT NULL, ALTER COLUMN hash SET NOT NULL;
CREATE UNIQUE INDEX complaint_list_reads_chain_idx ON complaint_list_reads (workspace_id, seq);

CREATE FUNCTION complaint_list_reads_chain() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  last_seq bigint;
  last_hash bytea;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('complaint-list-log:' || NEW.workspace_id::text, 0));
  SELECT seq, hash INTO last_seq, last_hash FROM complaint_list_reads
   WHERE workspace_id = NEW.workspace_id
   ORDER BY seq DESC LIMIT 1;
  NEW.seq := coalesce(last_seq, 0) + 1;
  NEW.prev_hash := last_hash;
  NEW.hash := sha256(coalesce(last_hash, '\x'::bytea) || convert_to(complaint_list_read_line(NEW), 'UTF8'));
  RETURN NEW;
END
$$;

CREATE TRIGGER complaint_list_reads_chain BEFORE INSERT ON complaint_list_reads
  FOR EACH ROW EXECUTE FUNCTION complaint_list_reads_chain();
