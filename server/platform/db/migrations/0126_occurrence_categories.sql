-- CA-10 (docs/law.md "The returns"): the categories of a Canadian occurrence its committee records, which the annual
-- report (LAB1206) counts: sexual or not, the prohibited grounds, the location, the relationship between the parties,
-- and the resolution means when the committee records it (otherwise derived from the outcome). Codes only.
ALTER TABLE complaints
  ADD COLUMN ca_nature text CHECK (ca_nature IN ('SEXUAL', 'NON_SEXUAL')),
  ADD COLUMN ca_grounds text[] NOT NULL DEFAULT '{}',
  ADD COLUMN ca_location text CHECK (ca_location IN ('WORKPLACE', 'WORK_EVENT', 'WORK_TRAVEL', 'ONLINE', 'OTHER')),
  ADD COLUMN ca_relationship text CHECK (ca_relationship IN ('SUPERVISOR_TO_EMPLOYEE', 'EMPLOYEE_TO_SUPERVISOR', 'BETWEEN_COLLEAGUES', 'THIRD_PARTY', 'OTHER')),
  ADD COLUMN ca_resolution text CHECK (ca_resolution IN ('NEGOTIATED_RESOLUTION', 'CONCILIATION', 'INVESTIGATION', 'WITHDRAWN', 'OTHER'));
