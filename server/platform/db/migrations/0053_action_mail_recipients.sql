-- Action mails go to the people of the case only (docs/case.md "Who receives case content"). A workflow designer could
-- copy every future complaint to any address through `cc_emails`: the addresses are dropped, the column stays empty
-- (a check keeps it so), and the number dropped is kept so the version page tells the admin why they went.
ALTER TABLE workflow_action_settings ADD COLUMN cc_removed_count integer NOT NULL DEFAULT 0;
UPDATE workflow_action_settings SET cc_removed_count = cardinality(cc_emails), cc_emails = '{}' WHERE cardinality(cc_emails) > 0;
ALTER TABLE workflow_action_settings ADD CONSTRAINT workflow_action_settings_no_cc CHECK (cardinality(cc_emails) = 0);
