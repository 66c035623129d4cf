-- The account a password sign-in at a workspace names (by email, else by username), read by the index. In a tenant
-- transaction `lower(email) = $2` on users directly is a sequential read of every user of the workspace: row-level
-- security keeps a condition that calls a function not marked leakproof (lower) out of the index conditions (the
-- reason for existing_user_emails, migration 0172). Beside 60,000 people that was about 80 ms a sign-in on PostgreSQL
-- under load, against well under 1 ms through users_email_uq. This function runs as the tables' owner and applies the
-- tenant policy itself: it answers only for the workspace the transaction is set to (`app.workspace_id`), and nothing
-- outside a tenant transaction. PL/pgSQL, so that a connection keeps its plans (a sign-in is on the hot path).
CREATE FUNCTION sign_in_candidate(ws uuid, by_email text, by_username text)
  RETURNS TABLE (id uuid, password_hash text, status text, role text, branch_id uuid, email text, email_confirmed boolean)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  IF ws IS DISTINCT FROM NULLIF(current_setting('app.workspace_id', true), '')::uuid THEN
    RETURN;
  END IF;
  IF by_email IS NOT NULL THEN
    RETURN QUERY SELECT u.id, u.password_hash, u.status, u.role, u.branch_id, u.email, u.email_confirmed
                   FROM public.users u WHERE u.workspace_id = ws AND lower(u.email) = by_email;
  ELSE
    RETURN QUERY SELECT u.id, u.password_hash, u.status, u.role, u.branch_id, u.email, u.email_confirmed
                   FROM public.users u
                  WHERE u.workspace_id = ws AND u.username IS NOT NULL AND lower(u.username) = lower(by_username);
  END IF;
END
$$;
