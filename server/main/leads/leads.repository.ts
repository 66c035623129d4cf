import type { LeadItem } from '../../../src/contracts/main/leads.contract';
import type { Sql } from '../../platform/db/database';

/** The public site's demo and contact requests (migration 0105): read and written in `db.system` only. */

export interface NewLead {
  id: string;
  name: string;
  workEmail: string;
  organisation: string;
  country: string;
  size: string;
  message: string | null;
  source: string;
  confirmCodeHash: string;
}

interface LeadRow {
  id: string;
  name: string;
  work_email: string;
  organisation: string;
  country: string;
  size: string;
  message: string | null;
  source: string;
  confirmed_at: Date | string | null;
  created_at: Date | string;
}

export async function insertLead(tx: Sql, lead: NewLead): Promise<void> {
  await tx.query(
    `INSERT INTO leads (id, name, work_email, organisation, country, size, message, source, confirm_code_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      lead.id,
      lead.name,
      lead.workEmail,
      lead.organisation,
      lead.country,
      lead.size,
      lead.message,
      lead.source,
      lead.confirmCodeHash,
    ],
  );
}

/** Marks the request whose code hashes to this as confirmed (once: a second click keeps the first time); false when none. */
export async function confirmLead(tx: Sql, codeHash: string): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE leads SET confirmed_at = coalesce(confirmed_at, now()) WHERE confirm_code_hash = $1 RETURNING id`,
    [codeHash],
  );
  return rows.length > 0;
}

function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
}

export async function listLeads(
  tx: Sql,
  options: { page: number; pageSize: number; search?: string },
): Promise<{ items: LeadItem[]; total: number }> {
  const pattern = options.search ? containsPattern(options.search) : null;
  const where = `($1::text IS NULL OR lower(name) LIKE $1 OR work_email LIKE $1 OR lower(organisation) LIKE $1)`;
  const rows = await tx.query<LeadRow>(
    `SELECT id, name, work_email, organisation, country, size, message, source, confirmed_at, created_at
       FROM leads WHERE ${where} ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
    [pattern, options.pageSize, options.page * options.pageSize],
  );
  const [count] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM leads WHERE ${where}`, [pattern]);
  return {
    items: rows.map((r) => ({
      leadId: r.id,
      name: r.name,
      workEmail: r.work_email,
      organisation: r.organisation,
      country: r.country,
      size: r.size,
      message: r.message,
      source: r.source,
      confirmedAt: r.confirmed_at ? new Date(r.confirmed_at).toISOString() : null,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    total: count.n,
  };
}
