import type { FastifyInstance } from 'fastify';
import {
  addToAllowList,
  ALLOW_LIST_FILE_FIELD,
  ALLOW_LIST_MAX_FILE_BYTES,
  ALLOW_LIST_MAX_LINES,
  ALLOW_LIST_WORKSPACE_FIELD,
  allowListEntries,
  importAllowList,
  removeFromAllowList,
} from '../../../src/contracts/main/allow-list.contract';
import { parseAllowListEntry, type AllowListEntryValue } from '../../../src/domain/platform/allow-list';
import { audit } from '../../platform/audit';
import type { ApiDeps } from '../../platform/deps';
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors';
import { serve } from '../../platform/serve';
import { detectImportFile, readImportRows, sniffBytes } from '../../platform/imports/import-file.parser';
import { addEntries, listEntries, removeEntry } from './allow-list.repository';
import { platformAdminId, readMultipart, requireWorkspace, workspaceIdField } from './support';

/** Bad lines named in the error body, at most this many (the message gives the count). */
const LINES_NAMED = 50;

export async function allowListRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  serve(app, addToAllowList, async ({ body, principal, request }) => {
    const value = parseAllowListEntry(body.email)!;
    return deps.db.tenant(body.workspaceId, async (tx) => {
      await requireWorkspace(tx, body.workspaceId);
      const [added] = await addEntries(tx, body.workspaceId, [value], platformAdminId(principal));
      if (!added) throw conflict(`${value.entry} is already on the list`, { email: 'Already on the list' });
      await audit(tx, {
        workspaceId: body.workspaceId,
        actorPlatformAdminId: platformAdminId(principal),
        action: 'allow_list.entry_added',
        target: added.entry,
        ip: request.ip,
      });
      return added;
    });
  });

  serve(app, importAllowList, async ({ request, principal }) => {
    const input = await readMultipart(request, {
      textFields: [ALLOW_LIST_WORKSPACE_FIELD],
      fileFields: [ALLOW_LIST_FILE_FIELD],
      maxFileBytes: ALLOW_LIST_MAX_FILE_BYTES,
      tooLarge: `The file is larger than ${ALLOW_LIST_MAX_FILE_BYTES / 1024 / 1024} MB`,
    });
    const workspaceId = workspaceIdField(input.fields[ALLOW_LIST_WORKSPACE_FIELD], false)!;
    if (!input.file) throw badRequest('Attach a .csv or .xlsx file', { [ALLOW_LIST_FILE_FIELD]: 'Required' });
    const kind = detectImportFile(input.file.name, sniffBytes(input.file.bytes));

    const entries = new Map<string, AllowListEntryValue>();
    const bad: { line: number; value: string }[] = [];
    let lines = 0;
    for await (const batch of readImportRows(kind, input.file.bytes)) {
      for (const { row, cells } of batch) {
        const text = (cells[0] ?? '').trim();
        if (text === '') continue;
        // A header row ("email", "Email address") is not an entry.
        if (row === 1 && !text.includes('@')) continue;
        lines++;
        if (lines > ALLOW_LIST_MAX_LINES) {
          throw new HttpError(
            400,
            'TOO_MANY_ROWS',
            `A file may list at most ${ALLOW_LIST_MAX_LINES.toLocaleString('en')} addresses`,
            {
              [ALLOW_LIST_FILE_FIELD]: `More than ${ALLOW_LIST_MAX_LINES} lines`,
            },
          );
        }
        const value = parseAllowListEntry(text);
        if (value) entries.set(value.entry, value);
        else bad.push({ line: row, value: text.slice(0, 80) });
      }
    }
    if (bad.length > 0) {
      const fields: Record<string, string> = {
        [ALLOW_LIST_FILE_FIELD]: `${bad.length} bad line${bad.length === 1 ? '' : 's'}: ${bad
          .slice(0, 10)
          .map((b) => b.line)
          .join(', ')}${bad.length > 10 ? ', ...' : ''}`,
      };
      for (const b of bad.slice(0, LINES_NAMED))
        fields[`line.${b.line}`] = `Not an email address or @domain: ${b.value}`;
      throw new HttpError(
        400,
        'INVALID_LINES',
        `${bad.length} line${bad.length === 1 ? ' is' : 's are'} not an email address or @domain (line ${bad
          .map((b) => b.line)
          .slice(0, 10)
          .join(', ')}${bad.length > 10 ? ', ...' : ''}). Nothing was added.`,
        fields,
      );
    }
    if (entries.size === 0)
      throw badRequest('The file lists no addresses', { [ALLOW_LIST_FILE_FIELD]: 'No addresses in the first column' });

    return deps.db.tenant(workspaceId, async (tx) => {
      await requireWorkspace(tx, workspaceId);
      // One transaction: all of the file or nothing.
      const added = await addEntries(tx, workspaceId, [...entries.values()], platformAdminId(principal));
      await audit(tx, {
        workspaceId,
        actorPlatformAdminId: platformAdminId(principal),
        action: 'allow_list.imported',
        target: input.file!.name,
        ip: request.ip,
        details: { lines, added: added.length },
      });
      return { lines, added: added.length, alreadyListed: entries.size - added.length };
    });
  });

  serve(app, allowListEntries, async ({ params, query }) =>
    deps.db.tenant(params.id, async (tx) => {
      await requireWorkspace(tx, params.id);
      const { items, total } = await listEntries(tx, params.id, query);
      return { items, total, page: query.page, pageSize: query.pageSize };
    }),
  );

  serve(app, removeFromAllowList, async ({ params, principal, request }) =>
    deps.db.tenant(params.id, async (tx) => {
      await requireWorkspace(tx, params.id);
      const removed = await removeEntry(tx, params.id, params.entryId);
      if (!removed) throw notFound('There is no such entry on this workspace’s list');
      await audit(tx, {
        workspaceId: params.id,
        actorPlatformAdminId: platformAdminId(principal),
        action: 'allow_list.entry_removed',
        target: removed.entry,
        ip: request.ip,
      });
      return { ok: true as const };
    }),
  );
}
