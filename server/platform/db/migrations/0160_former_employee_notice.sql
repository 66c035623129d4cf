-- CA-01 (docs/law.md): a former employee gives notice of an occurrence within 3 months of leaving. The day they left,
-- as the notice gives it (the signed-in form or the public report of a Canadian workspace); null for a person employed.
ALTER TABLE complaints ADD COLUMN former_employee_left_on date;
