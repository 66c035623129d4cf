import { provisionStatutoryProcess } from '../case/workflows/statutory-process';
import type { Database } from '../platform/db/database';
import type { DemoWorkspace } from './demo.seed';

/**
 * The demo's complaint setup: each workspace declares its jurisdiction (Acme India, Globex Canada's federal one) and
 * gets the statutory process published as version 1, as every workspace the platform admin creates does
 * (server/case/workflows/statutory-process.ts).
 */
export async function seedCase(db: Database, ws: DemoWorkspace, jurisdictionCode: string): Promise<void> {
  await db.tenant(ws.id, (tx) =>
    tx.query(`INSERT INTO workspace_jurisdictions (workspace_id, jurisdiction_id, declared_by) SELECT $1, id, $2 FROM jurisdictions WHERE code = $3`, [
      ws.id,
      ws.adminId || null,
      jurisdictionCode,
    ]),
  );
  await provisionStatutoryProcess(db, ws.id);
}
