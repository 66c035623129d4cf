-- IN-03 (docs/law.md, docs/case.md "Filing late and filing for her"): the committee's extension of the filing time
-- limit with its written reasons, and a complaint filed for the aggrieved woman by someone the POSH Rules allow
-- (Rule 6), with that person's capacity, why she could not file, and her written consent where the capacity needs it.
ALTER TABLE complaints
  ADD COLUMN filing_extension_reasons text,
  ADD COLUMN filing_extended_on date,
  ADD COLUMN filing_extended_by uuid,
  ADD COLUMN filed_for_capacity text
    CHECK (filed_for_capacity IN ('LEGAL_HEIR', 'RELATIVE', 'FRIEND', 'CO_WORKER', 'COMMISSION_OFFICER', 'PERSON_WITH_KNOWLEDGE')),
  ADD COLUMN filed_for_reason text,
  ADD COLUMN filed_for_consent boolean,
  ADD CONSTRAINT complaints_filing_extension_whole
    CHECK ((filing_extended_on IS NULL) = (filing_extension_reasons IS NULL)),
  ADD CONSTRAINT complaints_filed_for_whole
    CHECK ((filed_for_capacity IS NULL) = (filed_for_reason IS NULL));
