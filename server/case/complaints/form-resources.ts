// The files an admin attached to fields of the complaint form (builder: `confirm-resource-upload`), served to whoever
// fills the published form: a signed-in person (`GET /api/complaint-form/resources/{id}`) or a reporter without an
// account (`GET /api/intake/form/resources/{id}`). Only a field of the version the caller's form is built from, and
// only a confirmed file of the workspace; always a download, never shown in the page (docs/case.md "The form's files").
import type { DownloadLink } from '../../../src/contracts/case/complaints.contract';
import type { Sql } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import type { DirectFileUrls } from '../../platform/signed-files';
import { systemClock } from '../../platform/clock';

/** How long a form file's link works. */
export const RESOURCE_LINK_SECONDS = 5 * 60;

/** The file of field `attributeId` of version `versionId`, or a 404 (no such field there, or no file on it). */
export async function formResourceFile(
  tx: Sql,
  ws: string,
  versionId: string,
  attributeId: string,
): Promise<{ storageKey: string; fileName: string }> {
  const [row] = await tx.query<{ storage_key: string; file_name: string }>(
    `SELECT f.storage_key, coalesce(a.resource_file_name, f.declared_name) AS file_name
       FROM workflow_form_attributes a
       JOIN files f ON f.workspace_id = a.workspace_id AND f.id::text = a.resource_file_id
      WHERE a.workspace_id = $1 AND a.version_id = $2 AND a.id = $3 AND f.status = 'CONFIRMED'`,
    [ws, versionId, attributeId],
  );
  if (!row) throw notFound('This form has no such file');
  return { storageKey: row.storage_key, fileName: row.file_name };
}

/** A short-lived download link of a form's file. */
export async function formResourceLink(
  urls: DirectFileUrls,
  ws: string,
  file: { storageKey: string; fileName: string },
): Promise<DownloadLink> {
  const downloadUrl = await urls.downloadUrl(ws, file.storageKey, {
    seconds: RESOURCE_LINK_SECONDS,
    disposition: 'attachment',
    type: 'application/octet-stream',
    fileName: file.fileName,
  });
  return {
    downloadUrl,
    fileName: file.fileName,
    expiresAt: new Date(systemClock.now().getTime() + RESOURCE_LINK_SECONDS * 1000).toISOString(),
  };
}
