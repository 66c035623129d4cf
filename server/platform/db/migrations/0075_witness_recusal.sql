-- A named witness of a case who sits on (or joins) its committee is recused from it where the process says so
-- (docs/case.md "Committee membership": witnesses). POSH: a witness's account of the facts is evidence the committee
-- weighs, so a witness does not also judge the case; the workspace setting defaults to recusal.
ALTER TABLE complaint_settings ADD COLUMN recuse_witnesses boolean NOT NULL DEFAULT true;

-- The addresses a case's witnesses were named with (the form's witnesses are free text; an address in it names an
-- account of the workspace). Written at filing by `witnessEmails` (src/domain/complaints/committee.ts), which uses
-- the same pattern as here; lower case.
ALTER TABLE complaints ADD COLUMN witness_emails text[] NOT NULL DEFAULT '{}';
UPDATE complaints c
   SET witness_emails = w.emails
  FROM (
    SELECT c2.workspace_id, c2.id, array_agg(DISTINCT lower(m.match[1]) ORDER BY lower(m.match[1])) AS emails
      FROM complaints c2
      CROSS JOIN LATERAL jsonb_array_elements_text(c2.witnesses) t(witness)
      CROSS JOIN LATERAL regexp_matches(t.witness, '([A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})', 'g') m(match)
     GROUP BY c2.workspace_id, c2.id
  ) w
 WHERE c.workspace_id = w.workspace_id AND c.id = w.id;

-- Members who are named witnesses of an open case of their committee are recused from it now, as they would be at
-- joining (a workspace that set nothing recuses).
INSERT INTO complaint_recusals (workspace_id, complaint_id, user_id, reason, note)
SELECT c.workspace_id, c.id, m.user_id, 'AUTO_PARTY', 'A named witness'
  FROM complaints c
  JOIN committee_members m ON m.workspace_id = c.workspace_id AND m.committee_id = c.committee_id
  JOIN users u ON u.workspace_id = m.workspace_id AND u.id = m.user_id
  LEFT JOIN complaint_settings s ON s.workspace_id = c.workspace_id
 WHERE c.status = 'OPEN' AND coalesce(s.recuse_witnesses, true) AND lower(u.email) = ANY(c.witness_emails)
ON CONFLICT (workspace_id, complaint_id, user_id) DO UPDATE SET reason = 'AUTO_PARTY', note = 'A named witness'
  WHERE complaint_recusals.reason = 'NOT_ADMITTED';
