-- CA-01 (docs/law.md): past the 3 months after leaving, a former employee may still give notice when trauma or ill
-- health kept them from it, with a short reason. Kept on the case (null for a notice in time or an employee's).
ALTER TABLE complaints
  ADD COLUMN former_employee_late_for text CHECK (former_employee_late_for IN ('TRAUMA', 'HEALTH')),
  ADD COLUMN former_employee_late_reason text;
