-- The reporters' address keys are now derived from a server secret kept out of the database
-- (server/case/complaints/intake-address.ts): the secret of the day no longer sits beside the hashes it keys.
DROP TABLE IF EXISTS intake_rate_secrets;
