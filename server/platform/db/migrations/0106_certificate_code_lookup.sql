-- The main site's /verify/{code} finds the workspace that issued a certificate from its code alone
-- (docs/public-site.md "Verification on the main site"): an index on the code, across workspaces.
CREATE INDEX certificates_code_idx ON certificates (code);
