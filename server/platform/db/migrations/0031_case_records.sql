-- Records of a case (issue 13 "Confidentiality" and "Records and retention", docs/case.md "Records",
-- docs/files.md "Evidence at rest").

-- Evidence encrypted at rest: the file's own data key, wrapped by the master key named by evidence_key_id
-- (server/platform/evidence-crypto.ts). Both are set together, once the ciphertext is whole in the store.
ALTER TABLE files ADD COLUMN evidence_key_id text;
ALTER TABLE files ADD COLUMN evidence_wrapped_key text;
ALTER TABLE files ADD CONSTRAINT files_evidence_key_check
  CHECK ((evidence_key_id IS NULL) = (evidence_wrapped_key IS NULL) AND (evidence_key_id IS NULL OR purpose = 'EVIDENCE'));
