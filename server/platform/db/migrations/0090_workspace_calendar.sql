-- The workspace's own calendar (docs/case.md "The workspace's calendar"; docs/decisions/0014-workspace-calendar-date-holidays.md):
-- the IANA time zone its dates and times are read in, and the state or province whose public holidays its
-- working-day clocks skip (a code of the jurisdictions catalogue: IN-KA, CA-ON; none: the country's national ones).
-- A workspace row is platform data (no tenant policy): the two columns sit on it beside its other settings.
ALTER TABLE workspaces ADD COLUMN time_zone text CHECK (time_zone ~ '^[A-Za-z_]+(/[A-Za-z0-9_+-]+)*$' AND length(time_zone) <= 64);
ALTER TABLE workspaces ADD COLUMN region_code text CHECK (region_code ~ '^(IN|CA)-[A-Z]{2,3}$' AND region_code <> 'CA-FED');

-- Existing workspaces: the state or province they declared (the first, when several), and its zone; a workspace that
-- declared none follows its case regime: Canada's federal capital, else India.
UPDATE workspaces w SET region_code = (
  SELECT j.code FROM workspace_jurisdictions wj JOIN jurisdictions j ON j.id = wj.jurisdiction_id
   WHERE wj.workspace_id = w.id AND j.parent_id IS NOT NULL AND j.code <> 'CA-FED'
   ORDER BY j.code LIMIT 1);

UPDATE workspaces w SET time_zone = CASE
  WHEN w.region_code = 'CA-AB' THEN 'America/Edmonton'
  WHEN w.region_code = 'CA-BC' THEN 'America/Vancouver'
  WHEN w.region_code = 'CA-MB' THEN 'America/Winnipeg'
  WHEN w.region_code = 'CA-NB' THEN 'America/Moncton'
  WHEN w.region_code = 'CA-NL' THEN 'America/St_Johns'
  WHEN w.region_code IN ('CA-NS', 'CA-PE') THEN 'America/Halifax'
  WHEN w.region_code = 'CA-NT' THEN 'America/Yellowknife'
  WHEN w.region_code = 'CA-NU' THEN 'America/Iqaluit'
  WHEN w.region_code IN ('CA-ON', 'CA-QC') THEN 'America/Toronto'
  WHEN w.region_code = 'CA-SK' THEN 'America/Regina'
  WHEN w.region_code = 'CA-YT' THEN 'America/Whitehorse'
  WHEN w.region_code LIKE 'IN-%' THEN 'Asia/Kolkata'
  WHEN EXISTS (SELECT 1 FROM complaint_settings s WHERE s.workspace_id = w.id AND s.compliance = 'CA_FEDERAL') THEN 'America/Toronto'
  WHEN EXISTS (SELECT 1 FROM workspace_jurisdictions wj JOIN jurisdictions j ON j.id = wj.jurisdiction_id
                WHERE wj.workspace_id = w.id AND j.country = 'CA')
   AND NOT EXISTS (SELECT 1 FROM workspace_jurisdictions wj JOIN jurisdictions j ON j.id = wj.jurisdiction_id
                    WHERE wj.workspace_id = w.id AND j.country = 'IN') THEN 'America/Toronto'
  ELSE 'Asia/Kolkata'
END;
