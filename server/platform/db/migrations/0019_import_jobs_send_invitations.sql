-- An import may email each new person an invitation as it creates them: in the same batches (and transactions)
-- as the users, through the outbox (docs/imports.md). The links go to the address the import was started from.
ALTER TABLE import_jobs ADD COLUMN send_invitations boolean NOT NULL DEFAULT false;
ALTER TABLE import_jobs ADD COLUMN invitations_sent integer NOT NULL DEFAULT 0;
ALTER TABLE import_jobs ADD COLUMN link_origin text;
