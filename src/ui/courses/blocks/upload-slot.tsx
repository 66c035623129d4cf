import { Alert, Button, Progress, Space, Typography } from 'antd';
import { makeAutoObservable, observable, runInAction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import type { ConfirmedFile, CourseFileLink } from '../../../application/courses/authoring/course-files.port';
import type { UploadCourseFile } from '../../../application/courses/authoring/upload-course-file.use-case';
import type { CourseLanguage } from '../../../domain/courses/course';
import { ACCEPT, formatBytes, type UploadPurpose } from '../../../domain/files/uploads';
import type { FileKind, FileSlotProps } from './block-editor';

const PURPOSE_OF: Record<FileKind, UploadPurpose> = {
  VIDEO: 'VIDEO',
  IMAGE: 'IMAGE',
  DOCUMENT: 'DOCUMENT',
  CAPTIONS: 'CAPTIONS',
};

const KINDS_ACCEPTED: Record<UploadPurpose, string> = {
  VIDEO: 'MP4 or WebM',
  IMAGE: 'PNG, JPEG, GIF or WebP',
  PDF: 'PDF',
  CAPTIONS: 'WebVTT (.vtt)',
  DOCUMENT: 'PDF, Word, Excel or PowerPoint (.docx, .xlsx, .pptx)',
};

/** What may be uploaded for a purpose, said before the author picks a file. */
export function limitText(purpose: UploadPurpose, limits: Record<UploadPurpose, number>): string {
  return `${KINDS_ACCEPTED[purpose]}, at most ${formatBytes(limits[purpose])}.`;
}

/** One upload in progress: bytes sent of the total, cancel while sending, the outcome in words. */
export class UploadProgressModel {
  status: 'idle' | 'uploading' | 'done' | 'error' = 'idle';
  sent = 0;
  total = 0;
  fileName = '';
  message: string | null = null;
  private controller: AbortController | null = null;

  constructor(private readonly upload: UploadCourseFile) {
    makeAutoObservable<UploadProgressModel, 'upload' | 'controller'>(
      this,
      { upload: false, controller: false },
      { autoBind: true },
    );
  }

  get percent(): number {
    return this.total > 0 ? Math.min(100, Math.floor((this.sent / this.total) * 100)) : 0;
  }

  async start(
    purpose: UploadPurpose,
    file: File,
    language: CourseLanguage | undefined,
    target: { replaces?: string; coverOf?: string } = {},
  ): Promise<ConfirmedFile | null> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    this.status = 'uploading';
    this.sent = 0;
    this.total = file.size;
    this.fileName = file.name;
    this.message = null;
    const outcome = await this.upload.execute(
      { purpose, file, language, ...target },
      (sent, total) =>
        runInAction(() => {
          this.sent = sent;
          this.total = total;
        }),
      controller.signal,
    );
    return runInAction(() => {
      if (this.controller !== controller) return null;
      this.controller = null;
      if (outcome.ok) {
        this.status = 'done';
        this.message = `${outcome.file.fileName} uploaded (${formatBytes(outcome.file.size)}).`;
        return outcome.file;
      }
      this.status = outcome.reason === 'cancelled' ? 'idle' : 'error';
      this.message = outcome.message;
      return null;
    });
  }

  cancel(): void {
    this.controller?.abort();
  }
}

/**
 * The addresses and names of the course's files, for previews: those the course already shows (read when the builder
 * opens) and those uploaded since. Signed links expire, so they are held for this visit only, never stored.
 */
export class UploadedFiles {
  readonly urls = observable.map<string, string>();
  readonly names = observable.map<string, string>();

  remember(file: ConfirmedFile): void {
    this.urls.set(file.fileId, file.downloadUrl);
    this.names.set(file.fileId, file.fileName);
  }

  /** The course's files as the server listed them (ReadCourseFiles). */
  load(links: readonly CourseFileLink[]): void {
    for (const link of links) {
      if (!this.urls.has(link.fileId)) this.urls.set(link.fileId, link.url);
      if (!this.names.has(link.fileId)) this.names.set(link.fileId, link.fileName);
    }
  }

  urlOf = (fileId: string): string | undefined => this.urls.get(fileId);
  nameOf = (fileId: string): string | undefined => this.names.get(fileId);
}

/** A block's file: the limits first, a file picker, a progress bar with a count and cancel, then the result. */
export const UploadSlot = observer(function UploadSlot({
  slot,
  upload,
  uploaded,
  language,
}: {
  slot: FileSlotProps;
  upload: UploadCourseFile;
  uploaded: UploadedFiles;
  language: CourseLanguage;
}) {
  const [model] = useState(() => new UploadProgressModel(upload));
  const purpose = PURPOSE_OF[slot.kind];
  const hintId = `${slot.id}-limits`;
  const current = slot.fileId ? { url: uploaded.urlOf(slot.fileId), name: uploaded.nameOf(slot.fileId) } : null;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {current ? (
        <Typography.Text>
          Attached:{' '}
          {current.url ? (
            <Typography.Link href={current.url} target="_blank" rel="noopener">
              {current.name ?? 'the current file'}
            </Typography.Link>
          ) : (
            (current.name ?? 'a file')
          )}
        </Typography.Text>
      ) : null}
      <Typography.Text type="secondary" id={hintId}>
        {limitText(purpose, upload.limits)}
        {slot.fileId ? ' Choose another file to replace it; published versions keep the old one.' : ''}
      </Typography.Text>
      <input
        id={slot.id}
        type="file"
        accept={ACCEPT[purpose]}
        aria-describedby={hintId}
        disabled={model.status === 'uploading'}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          const replaces = slot.fileId ? { replaces: slot.fileId } : {};
          void model
            .start(purpose, file, slot.kind === 'CAPTIONS' ? language : undefined, replaces)
            .then((confirmed) => {
              if (confirmed) {
                uploaded.remember(confirmed);
                slot.onChange(confirmed.fileId);
              }
            });
        }}
        style={{ maxWidth: '100%' }}
      />
      {model.status === 'uploading' ? (
        <div role="status" aria-live="polite">
          <Progress percent={model.percent} aria-label={`Uploading ${model.fileName}`} />
          <Space wrap>
            <Typography.Text>
              {formatBytes(model.sent)} of {formatBytes(model.total)} sent
            </Typography.Text>
            <Button size="small" onClick={model.cancel}>
              Cancel upload
            </Button>
          </Space>
        </div>
      ) : null}
      {model.status === 'done' && model.message ? (
        <Alert type="success" showIcon role="status" title={model.message} />
      ) : null}
      {model.status === 'error' && model.message ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={model.message}
          description="Choose another file to try again."
        />
      ) : null}
      {slot.kind === 'CAPTIONS' && slot.fileId ? (
        <Button size="small" onClick={() => slot.onChange(undefined)}>
          Remove the captions
        </Button>
      ) : null}
    </Space>
  );
});

/** The course's cover image: the current one (with its alternative text), and an image to upload in its place. */
export const CoverImageSlot = observer(function CoverImageSlot({
  courseId,
  courseTitle,
  coverFileId,
  upload,
  uploaded,
  onChanged,
}: {
  courseId: string;
  courseTitle: string;
  coverFileId: string | null;
  upload: UploadCourseFile;
  uploaded: UploadedFiles;
  onChanged: (fileId: string) => void;
}) {
  const [model] = useState(() => new UploadProgressModel(upload));
  const url = coverFileId ? uploaded.urlOf(coverFileId) : undefined;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {url ? (
        <img
          src={url}
          alt={`Cover of ${courseTitle}`}
          style={{ maxWidth: '100%', maxHeight: 160, objectFit: 'cover', borderRadius: 6 }}
        />
      ) : (
        <Typography.Text type="secondary">
          {coverFileId ? 'The cover image is set.' : 'No cover image yet: the course card shows its title only.'}
        </Typography.Text>
      )}
      <label htmlFor="course-cover">{coverFileId ? 'Replace the cover image' : 'Upload a cover image'}</label>
      <Typography.Text type="secondary" id="course-cover-limits">
        {limitText('IMAGE', upload.limits)}
      </Typography.Text>
      <input
        id="course-cover"
        type="file"
        accept={ACCEPT.IMAGE}
        aria-describedby="course-cover-limits"
        disabled={model.status === 'uploading'}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          void model.start('IMAGE', file, undefined, { coverOf: courseId }).then((confirmed) => {
            if (confirmed) {
              uploaded.remember(confirmed);
              onChanged(confirmed.fileId);
            }
          });
        }}
        style={{ maxWidth: '100%' }}
      />
      {model.status === 'uploading' ? (
        <div role="status" aria-live="polite">
          <Progress percent={model.percent} aria-label={`Uploading ${model.fileName}`} />
          <Button size="small" onClick={model.cancel}>
            Cancel upload
          </Button>
        </div>
      ) : null}
      {model.status === 'done' && model.message ? (
        <Alert type="success" showIcon role="status" title={`Cover image set: ${model.message}`} />
      ) : null}
      {model.status === 'error' && model.message ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={model.message}
          description="Choose another image to try again."
        />
      ) : null}
    </Space>
  );
});
