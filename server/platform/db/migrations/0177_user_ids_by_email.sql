-- The people of the transaction's workspace holding one of these emails (any case), by id, read through the email
-- index: the lookups of invitations (which invitees already have an account, the person a re-send names), SCIM (a
-- provisioning client's `userName eq` filter, the identity check before a create) and intake (the respondent a
-- reporter names).
--
-- In a tenant transaction `lower(email) = ...` on users directly is a filter over every user of the workspace:
-- row-level security keeps a condition that calls a function not marked leakproof (lower) out of the index
-- conditions, ahead of the policy's own (the reason for existing_user_emails, 0172, and sign_in_candidate, 0173).
-- This function runs as the tables' owner, so users_email_uq serves it, and applies the tenant policy itself: it
-- answers only for the workspace the transaction is set to (`app.workspace_id`), and nothing outside a tenant
-- transaction. It answers ids only: callers join users by id (a leakproof uuid comparison, the primary key), so every
-- other column is still read under the policy. The emails are lower-cased and deduplicated here; a join from the list
-- (not `= ANY(emails)`, which PostgreSQL does not hash for a parameter) keeps it linear in any plan.
CREATE FUNCTION user_ids_by_email(ws uuid, emails text[]) RETURNS TABLE (id uuid, email text)
  LANGUAGE sql STABLE SECURITY DEFINER ROWS 10 SET search_path = pg_catalog, public AS $$
  SELECT u.id, e.email
    FROM (SELECT DISTINCT lower(x) AS email FROM unnest(emails) AS x WHERE x IS NOT NULL) AS e
    JOIN public.users u ON u.workspace_id = ws AND lower(u.email) = e.email
   WHERE ws = NULLIF(current_setting('app.workspace_id', true), '')::uuid
$$;
