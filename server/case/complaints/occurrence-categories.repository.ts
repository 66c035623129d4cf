import type { OccurrenceCategories } from '../../../src/domain/compliance/occurrence-categories';
import type { Sql } from '../../platform/db/database';

/** CA-10: a Canadian case's categories (migration 0126). */
export async function saveCategories(tx: Sql, ws: string, id: string, c: OccurrenceCategories): Promise<void> {
  await tx.query(
    `UPDATE complaints SET ca_nature = $3, ca_grounds = $4::text[], ca_location = $5, ca_relationship = $6,
            ca_resolution = $7, updated_at = now()
      WHERE workspace_id = $1 AND id = $2`,
    [ws, id, c.nature, [...c.grounds], c.location, c.relationship, c.resolution],
  );
}
