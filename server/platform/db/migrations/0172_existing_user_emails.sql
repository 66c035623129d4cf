-- Which of these lower-case emails already belong to users of the transaction's workspace: the import's and
-- validate's "already a user" check, a batch of 2,000 emails at a time.
--
-- Under row-level security the planner may not use a condition that calls a function not marked leakproof (here
-- lower()) as an index condition ahead of the policy's own: `lower(email) = ANY($2)` in a tenant transaction was a
-- filter over every user of the workspace, read through the policy's workspace_id alone. Each batch of an import read
-- all the users the batches before it had written (a 100,000-row import on PostgreSQL: about 110 ms a batch by its
-- end, 3.7 s in all, growing with the workspace). This function runs as the tables' owner, so the same condition is
-- an index condition on users_email_uq (about 10 ms for 2,000 emails beside 60,000 users). It applies the tenant
-- policy itself: it answers only for the workspace the transaction is set to (`app.workspace_id`), and nothing
-- outside a tenant transaction (so any role may call it, as it may any function: the default). A join from the list
-- rather than `= ANY(emails)`: inside the function the array is a parameter, which PostgreSQL does not hash, so a
-- sequential plan (a workspace whose statistics still say "a few rows") would compare each row with every email; the
-- join is a hash join or index lookups, linear either way.
CREATE FUNCTION existing_user_emails(ws uuid, emails text[]) RETURNS TABLE (email text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  SELECT lower(u.email)
    FROM unnest(emails) AS e(email)
    JOIN public.users u ON u.workspace_id = ws AND lower(u.email) = e.email
   WHERE ws = NULLIF(current_setting('app.workspace_id', true), '')::uuid
$$;
