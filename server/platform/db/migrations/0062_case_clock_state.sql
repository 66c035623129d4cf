-- The clocks a case shows follow its state (docs/case.md "Due process in the case runtime"): a closed case shows only
-- the post-closure clocks, a case with no identified respondent none of the respondent's. The case list computes its
-- nearest clock from the row's `list_clock` (migration 0049), so that text now ends with the case's status and whether
-- a respondent is identified (a name, an address or an account: `1`, else `0`), and the list agrees with the case page.
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
    '|', NEW.first_contact_on::text, '|', NEW.negotiated_meeting_on::text, '|', NEW.resolved_on::text,
    '|', NEW.status,
    '|', CASE WHEN nullif(trim(NEW.respondent_name), '') IS NOT NULL OR nullif(trim(NEW.respondent_email), '') IS NOT NULL
                   OR NEW.respondent_user_id IS NOT NULL THEN '1' ELSE '0' END);
  RETURN NEW;
END
$$;

-- Every case written once, so the trigger computes its entry with the two new parts.
UPDATE complaints SET list_head = NULL;
