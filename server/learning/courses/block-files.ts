import type { LessonBlock } from '../../../src/contracts/learning/blocks.contract';
import type { UploadPurpose } from '../../../src/domain/files/uploads';
import type { Sql } from '../../platform/db/database';
import { badRequest } from '../../platform/errors';
import { confirmedFiles } from '../../platform/files/files.repository';

/** A file a block names: the field (as the 400 names it) and the kinds of upload that fit there. */
export interface BlockFileRef {
  field: string;
  fileId: string;
  kinds: readonly UploadPurpose[];
}

const KIND_NAMES: Record<UploadPurpose, string> = {
  VIDEO: 'a video',
  IMAGE: 'an image',
  PDF: 'a PDF',
  CAPTIONS: 'WebVTT captions',
  DOCUMENT: 'an office document',
};

/** The files a block names, each with the kinds that fit: a video for a video, WebVTT for its captions, ... */
export function blockFileRefs(block: LessonBlock, field = 'block'): BlockFileRef[] {
  switch (block.type) {
    case 'IMAGE':
      return [{ field: `${field}.fileId`, fileId: block.fileId, kinds: ['IMAGE'] }];
    case 'VIDEO': {
      const refs: BlockFileRef[] = [{ field: `${field}.fileId`, fileId: block.fileId, kinds: ['VIDEO'] }];
      for (const [language, text] of Object.entries(block.texts)) {
        if (text?.captionsFileId)
          refs.push({
            field: `${field}.texts.${language}.captionsFileId`,
            fileId: text.captionsFileId,
            kinds: ['CAPTIONS'],
          });
      }
      return refs;
    }
    case 'UPLOAD_RESOURCE':
      return [{ field: `${field}.fileId`, fileId: block.fileId, kinds: ['PDF', 'DOCUMENT', 'IMAGE'] }];
    default:
      return [];
  }
}

/**
 * Refuses (400 naming each field) a block that names a file which is not a confirmed upload of this workspace of a
 * kind that fits. Another workspace's file reads as "no such file", as a pending or refused one does.
 */
export async function checkBlockFiles(
  tx: Sql,
  workspaceId: string,
  block: LessonBlock,
  field = 'block',
): Promise<void> {
  const refs = blockFileRefs(block, field);
  if (refs.length === 0) return;
  const found = new Map(
    (await confirmedFiles(tx, workspaceId, [...new Set(refs.map((r) => r.fileId))])).map((f) => [f.id, f]),
  );
  const problems: Record<string, string> = {};
  for (const ref of refs) {
    const file = found.get(ref.fileId);
    const wanted = ref.kinds.map((k) => KIND_NAMES[k]).join(' or ');
    if (!file) problems[ref.field] = `No uploaded file ${ref.fileId}: upload ${wanted} and confirm it first`;
    else if (!ref.kinds.includes(file.purpose))
      problems[ref.field] = `“${file.declared_name}” is ${KIND_NAMES[file.purpose]}, not ${wanted}`;
  }
  const fields = Object.keys(problems);
  if (fields.length)
    throw badRequest(`The block names a file it cannot show: ${Object.values(problems).join('; ')}`, problems);
}
