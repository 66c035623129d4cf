-- A signed-in call to a workspace reads the workspace of its host and the session of its token in one statement
-- (sessions.ts workspaceAndPrincipal). As a PL/pgSQL function its plan is prepared once per connection and reused,
-- instead of being parsed and planned on every request (docs/people.md, the directory benchmark).
CREATE OR REPLACE FUNCTION app_site_session(p_token_hash text, p_host text, p_idle_minutes int, p_absolute_hours int, p_lifetime_days int)
RETURNS jsonb
LANGUAGE plpgsql STABLE
AS $$
DECLARE
  result jsonb;
BEGIN
  SELECT to_jsonb(x) INTO result FROM (
    SELECT w.id, w.slug, w.workspace_url, w.company_name, w.company_logo, w.background_color, w.bulk_signup_enabled,
           w.social_platforms, w.user_limit, w.contract_expires_on::text AS contract_expires_on, w.active, w.disabled_modules,
           w.min_password_length,
           (SELECT to_jsonb(y) FROM (
              SELECT s.id, s.workspace_id, s.user_id, s.platform_admin_id, s.account_email,
                     u.role, u.branch_id, u.email AS user_email, u.status AS user_status, p.email AS admin_email,
                     s.last_seen_at < now() - interval '1 minute' AS stale,
                     s.last_seen_at < now() - make_interval(mins => coalesce(w.privileged_idle_minutes, p_idle_minutes)) AS idle_expired,
                     s.created_at < now() - make_interval(hours => coalesce(w.privileged_session_hours, p_absolute_hours)) AS absolute_expired,
                     s.created_at < now() - make_interval(days => coalesce(w.session_lifetime_days, p_lifetime_days)) AS lifetime_expired
                FROM sessions s
                LEFT JOIN users u ON u.id = s.user_id AND u.workspace_id = s.workspace_id
                LEFT JOIN platform_admins p ON p.id = s.platform_admin_id
               WHERE s.token_hash = p_token_hash AND s.revoked_at IS NULL AND s.expires_at > now() AND s.workspace_id = w.id) y) AS session
      FROM workspaces w
     WHERE w.workspace_url = p_host AND w.active) x;
  RETURN result;
END
$$;
