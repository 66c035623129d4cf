import type { OccurrenceCategories } from '../../../src/domain/compliance/occurrence-categories';
import type { Sql } from '../../platform/db/database';

/** CA-10: a Canadian case's categories (migration 0126). */
export async function categoriesOf(tx: Sql, ws: string, id: string): Promise<OccurrenceCategories> {
  const [r] = await tx.query<{
    ca_nature: OccurrenceCategories['nature'];
    ca_grounds: OccurrenceCategories['grounds'][number][] | null;
    ca_location: OccurrenceCategories['location'];
    ca_relationship: OccurrenceCategories['relationship'];
    ca_resolution: OccurrenceCategories['resolution'];
  }>(
    `SELECT ca_nature, ca_grounds, ca_location, ca_relationship, ca_resolution
       FROM complaints WHERE workspace_id = $1 AND id = $2`,
    [ws, id],
  );
  return {
    nature: r?.ca_nature ?? null,
    grounds: r?.ca_grounds ?? [],
    location: r?.ca_location ?? null,
    relationship: r?.ca_relationship ?? null,
    resolution: r?.ca_resolution ?? null,
  };
}

export async function saveCategories(tx: Sql, ws: string, id: string, c: OccurrenceCategories): Promise<void> {
  await tx.query(
    `UPDATE complaints SET ca_nature = $3, ca_grounds = $4::text[], ca_location = $5, ca_relationship = $6,
            ca_resolution = $7, updated_at = now()
      WHERE workspace_id = $1 AND id = $2`,
    [ws, id, c.nature, [...c.grounds], c.location, c.relationship, c.resolution],
  );
}
