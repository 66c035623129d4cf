-- What the case list shows of a case, kept on the case's row (docs/case.md "Benchmarks"; docs/decisions/0008-case-list-entry-by-trigger.md): the summary's
-- JSON text (`list_head`: case-jobs.ts ListRow.head) and the clocks' inputs (`list_clock`: ListRow.clock). The list
-- built both with concat() for each of its 200 cases at every read, and the next step with the versions' steps and the
-- case's completions: 0.3 ms of PostgreSQL's CPU a read, a third of the read's. They change only when the case's row
-- or its completed steps change, so a trigger writes them then, in the same transaction as the change.

-- The next step of a case: the first step of its version (by position) it has not completed; none for a closed case.
CREATE OR REPLACE FUNCTION complaint_next_step(p_workspace_id uuid, p_complaint_id uuid, p_version_id uuid, p_status text)
RETURNS text
LANGUAGE sql STABLE
AS $$
  SELECT s.name
    FROM workflow_steps s
   WHERE p_status = 'OPEN' AND s.workspace_id = p_workspace_id AND s.version_id = p_version_id
     AND NOT EXISTS (SELECT 1 FROM complaint_step_completions x
                      WHERE x.workspace_id = p_workspace_id AND x.complaint_id = p_complaint_id AND x.step_id = s.id)
   ORDER BY s.position
   LIMIT 1
$$;

-- `list_head` is `{"complaintId":...,"outcome":...` without its closing brace (the list adds the caller's role and the
-- nearest clock): caseNumberText's format, status, timeliness and outcome as they are (their CHECK constraints allow
-- upper-case words only), the next step's name through to_json. `list_clock` is the regime, the received day and the
-- nine dates of DATE_COLUMNS (complaints.repository.ts), `|` between, empty for none (case-jobs.ts clockInputs).
CREATE OR REPLACE FUNCTION complaints_list_entry() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  NEW.list_head := concat('{"complaintId":"', NEW.id,
    '","caseNumber":"C-', CASE WHEN NEW.case_number < 1000 THEN lpad(NEW.case_number::text, 4, '0') ELSE NEW.case_number::text END,
    '","status":"', NEW.status, '","receivedOn":"', NEW.received_on::text, '","timeliness":"', NEW.timeliness,
    '","nextStep":', coalesce(to_json(complaint_next_step(NEW.workspace_id, NEW.id, NEW.version_id, NEW.status))::text, 'null'),
    ',"outcome":', coalesce('"' || NEW.outcome || '"', 'null'));
  NEW.list_clock := concat(NEW.compliance, '|', NEW.received_on::text,
    '|', NEW.respondent_copy_sent_on::text, '|', NEW.respondent_reply_on::text, '|', NEW.inquiry_start_on::text,
    '|', NEW.inquiry_completed_on::text, '|', NEW.report_issued_on::text, '|', NEW.employer_action_on::text,
    '|', NEW.first_contact_on::text, '|', NEW.negotiated_meeting_on::text, '|', NEW.resolved_on::text);
  RETURN NEW;
END
$$;

-- A completed step (or one no longer completed) moves the case's next step: its row is written again, and the trigger
-- above computes its entry. A case being deleted (the completions go with it) is no longer there to write.
CREATE OR REPLACE FUNCTION complaint_step_completions_list_entry() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  changed complaint_step_completions;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  UPDATE complaints SET list_head = NULL WHERE workspace_id = changed.workspace_id AND id = changed.complaint_id;
  IF TG_OP = 'UPDATE' AND (OLD.workspace_id, OLD.complaint_id) IS DISTINCT FROM (NEW.workspace_id, NEW.complaint_id) THEN
    UPDATE complaints SET list_head = NULL WHERE workspace_id = OLD.workspace_id AND id = OLD.complaint_id;
  END IF;
  RETURN NULL;
END
$$;

ALTER TABLE complaints ADD COLUMN list_head text, ADD COLUMN list_clock text;

CREATE TRIGGER complaints_list_entry BEFORE INSERT OR UPDATE ON complaints
  FOR EACH ROW EXECUTE FUNCTION complaints_list_entry();
CREATE TRIGGER complaint_step_completions_list_entry AFTER INSERT OR UPDATE OR DELETE ON complaint_step_completions
  FOR EACH ROW EXECUTE FUNCTION complaint_step_completions_list_entry();

-- The cases filed before: each row written once, so the trigger computes its entry.
UPDATE complaints SET list_head = NULL;
ALTER TABLE complaints ALTER COLUMN list_head SET NOT NULL, ALTER COLUMN list_clock SET NOT NULL;
