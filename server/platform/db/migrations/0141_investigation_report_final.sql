-- Canada's investigation (docs/case.md "Canada's investigation"; legal-rules.md CA-06): the investigator makes the
-- report final, which ends their mandate (no more evidence downloads, the report no longer changes) and sends it to
-- the parties. The employer and the parties read it once final.
ALTER TABLE complaint_investigations ADD COLUMN report_final_at timestamptz;
ALTER TABLE complaint_investigations
  ADD CONSTRAINT complaint_investigations_final_after_report CHECK (report_final_at IS NULL OR report_submitted_at IS NOT NULL);
