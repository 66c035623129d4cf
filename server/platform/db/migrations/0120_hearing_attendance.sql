-- Hearings under POSH Rule 7 (IN-06, IN-17; docs/case.md "Hearings: attendance, quorum, ex parte"): who attended a
-- meeting, recorded by the committee after it (each member of the case's committee, the complainant, the respondent:
-- PRESENT, ABSENT or EXCUSED), and the signature of its minutes, which needs a quorum of 3 members present including
-- the one presiding. `attendance` is `{members: [{userId, status}], complainant, respondent}`.
ALTER TABLE complaint_meetings
  ADD COLUMN attendance jsonb,
  ADD COLUMN attendance_recorded_at timestamptz,
  ADD COLUMN attendance_recorded_by uuid,
  ADD COLUMN minutes_signed_at timestamptz,
  ADD COLUMN minutes_signed_by uuid;
