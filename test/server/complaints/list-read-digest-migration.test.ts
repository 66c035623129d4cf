import { describe, expect, it } from 'vitest';
import { verifyListReadChain } from '../../../server/case/complaints/case-log.repository';
import { migrate } from '../../../server/platform/db/migrate';
import { seedDemo } from '../../../server/seed/demo.seed';
import { DATABASES, openEmptyDatabase, testPasswords } from '../support/test-app';

describe.each(DATABASES)('migration 0183 (list reads naming their cases by digest) on %s', (kind) => {
  it('keeps the reads written before verifying, continues their chain in the new format, and still finds a change to them', async () => {
    const db = await openEmptyDatabase(kind);
    try {
      // Every migration before this one, then reads as the app wrote them: one of a set, one with its own ids.
      await migrate(db, { until: '0183' });
      await seedDemo(db, testPasswords, 'localhost', [], { learning: false, caseStory: false });
      const [{ ws, filer }] = await db.query<{ ws: string; filer: string }>(
        `SELECT w.id AS ws, u.id AS filer FROM workspaces w JOIN users u ON u.workspace_id = w.id AND u.email = 'employee@acme.test' WHERE w.slug = 'acme'`,
      );
      const ids = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
      const set = await db.system(async (tx) => {
        const [made] = await tx.query<{ id: string }>(
          `INSERT INTO complaint_list_sets (workspace_id, digest, complaint_ids) VALUES ($1, 1, $2::uuid[]) RETURNING id`,
          [ws, ids],
        );
        await tx.query(`INSERT INTO complaint_list_reads (workspace_id, actor_user_id, set_id) VALUES ($1, $2, $3)`, [
          ws,
          filer,
          made.id,
        ]);
        await tx.query(
          `INSERT INTO complaint_list_reads (workspace_id, actor_user_id, complaint_ids) VALUES ($1, $2, $3::uuid[])`,
          [ws, filer, ids.slice(0, 1)],
        );
        return made.id;
      });
      const [before] = await db.system((tx) =>
        tx.query<{ hash: string }>(
          `SELECT encode(hash, 'hex') AS hash FROM complaint_list_reads WHERE workspace_id = $1 AND seq = 2`,
          [ws],
        ),
      );

      await migrate(db);

      const rows = await db.system(async (tx) => {
        // The old set got its digest; a read after the migration continues the chain, in the new format.
        const [kept] = await tx.query<{ same: boolean }>(
          `SELECT ids_sha256 = sha256(convert_to(array_to_string(complaint_ids, ','), 'UTF8')) AS same FROM complaint_list_sets WHERE workspace_id = $1 AND id = $2`,
          [ws, set],
        );
        expect(kept?.same).toBe(true);
        await tx.query(
          `INSERT INTO complaint_list_reads (workspace_id, actor_user_id, set_id, line_format) VALUES ($1, $2, $3, 1)`,
          [ws, filer, set],
        );
        expect(await verifyListReadChain(tx, ws)).toMatchObject({ entries: 3, brokenAt: null });
        return tx.query<{ seq: string; line_format: number; prev: string | null }>(
          `SELECT seq, line_format, encode(prev_hash, 'hex') AS prev FROM complaint_list_reads WHERE workspace_id = $1 ORDER BY seq`,
          [ws],
        );
      });
      // An insert that asks for the old format gets the new one.
      expect(rows.map((r) => [Number(r.seq), r.line_format])).toEqual([
        [1, 1],
        [2, 1],
        [3, 2],
      ]);
      expect(rows[2]?.prev).toBe(before?.hash);

      // An old read's ids changed are still found, under the old format's line.
      await db.system(async (tx) => {
        await tx.query(`ALTER TABLE complaint_list_reads DISABLE TRIGGER complaint_list_reads_append_only`);
        await tx.query(
          `UPDATE complaint_list_reads SET complaint_ids = $2::uuid[] WHERE workspace_id = $1 AND seq = 2`,
          [ws, ids.slice(1)],
        );
        await tx.query(`ALTER TABLE complaint_list_reads ENABLE TRIGGER complaint_list_reads_append_only`);
        expect(await verifyListReadChain(tx, ws)).toMatchObject({ entries: 3, brokenAt: 2 });
      });
    } finally {
      await db.close();
    }
  });
});
