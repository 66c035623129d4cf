import type { TestServer } from '../support/test-app';
import { buildWorkspace, type BuiltWorkspace } from '../support/factories';

export const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/** Two workspaces of the test's own, built as the platform admin creates them: one acted on, and another. */
export async function twoWorkspaces(server: TestServer): Promise<{ acme: BuiltWorkspace; globex: BuiltWorkspace }> {
  return { acme: await buildWorkspace(server), globex: await buildWorkspace(server) };
}

/** A multipart body as a browser sends it. */
export async function form(
  parts: Record<string, string | { name: string; content: string | Uint8Array; type?: string }>,
) {
  const data = new FormData();
  for (const [key, value] of Object.entries(parts)) {
    if (typeof value === 'string') data.append(key, value);
    else
      data.append(
        key,
        new Blob([value.content as BlobPart], { type: value.type ?? 'application/octet-stream' }),
        value.name,
      );
  }
  const response = new Response(data);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

export async function auditRows(server: TestServer, action: string) {
  return server.db.query<{
    workspace_id: string | null;
    actor_platform_admin_id: string | null;
    target: string | null;
    details: unknown;
  }>('SELECT workspace_id, actor_platform_admin_id, target, details FROM audit_events WHERE action = $1 ORDER BY id', [
    action,
  ]);
}
