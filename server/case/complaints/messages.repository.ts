import type { Sql } from '../../platform/db/database';
import { templates } from '../../platform/message-templates';

/** The addresses of the case's committee members who may read it (not recused or denied, not inactive): told of a party's message. */
export async function committeeReaders(tx: Sql, ws: string, complaintId: string): Promise<string[]> {
  const rows = await tx.query<{ email: string }>(
    `SELECT u.email
       FROM complaints c
       JOIN committee_members m ON m.workspace_id = c.workspace_id AND m.committee_id = c.committee_id
       JOIN users u ON u.workspace_id = m.workspace_id AND u.id = m.user_id AND u.status <> 'INACTIVE'
      WHERE c.workspace_id = $1 AND c.id = $2
        AND NOT EXISTS (SELECT 1 FROM complaint_recusals r WHERE r.workspace_id = c.workspace_id AND r.complaint_id = c.id AND r.user_id = m.user_id)
      ORDER BY m.position`,
    [ws, complaintId],
  );
  return rows.map((r) => r.email);
}

/** A party wrote to the committee: its readers are told there is a message (no words of it, no name), in the same transaction. */
export function partyMessageMails(
  ws: string,
  readers: string[],
  caseNumber: string,
  from: 'complainant' | 'respondent' | 'reporter',
) {
  return readers.map((to) => ({
    workspaceId: ws,
    to,
    ...templates.partyMessage({ caseNumber, from }),
  }));
}

/** Whether any of `authors` (the committee's members) already wrote in `audience`'s thread of the case. */
export async function wroteTo(
  tx: Sql,
  ws: string,
  complaintId: string,
  audience: 'COMPLAINANT' | 'RESPONDENT',
  authors: string[],
): Promise<boolean> {
  const rows = await tx.query(
    `SELECT 1 FROM complaint_messages WHERE workspace_id = $1 AND complaint_id = $2 AND audience = $3 AND author_id = ANY($4::uuid[]) LIMIT 1`,
    [ws, complaintId, audience, authors],
  );
  return rows.length > 0;
}

/**
 * A message in one of the case's threads: a member's, a party's or (author null) the anonymous reporter's through
 * their receipt. The one place a case message is written.
 */
export async function insertMessage(
  tx: Sql,
  ws: string,
  complaintId: string,
  message: { audience: 'COMPLAINANT' | 'RESPONDENT' | 'COMMITTEE'; authorId: string | null; body: string },
): Promise<{ id: string; created_at: Date | string }> {
  const [m] = await tx.query<{ id: string; created_at: Date | string }>(
    `INSERT INTO complaint_messages (workspace_id, complaint_id, audience, author_id, body) VALUES ($1, $2, $3, $4, $5) RETURNING id, created_at`,
    [ws, complaintId, message.audience, message.authorId, message.body],
  );
  return m;
}
