import type { Database } from '../../../server/platform/db/database';

/**
 * The demo seeds an Internal Committee in Acme, designated recipients in Globex and three Acme cases
 * (server/seed/case.seed.ts). A test that constitutes the committees itself and counts its own cases starts from
 * workspaces without them: the seeded cases and committees go (the published processes stay).
 */
export async function withoutSeededCaseStory(db: Database): Promise<void> {
  await db.system(async (tx) => {
    const seeded = `SELECT id FROM workspaces WHERE slug IN ('acme', 'globex')`;
    await tx.query(`DELETE FROM complaints WHERE workspace_id IN (${seeded})`);
    await tx.query(`DELETE FROM committees WHERE workspace_id IN (${seeded})`);
  });
}
