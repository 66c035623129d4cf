import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import type {
  FileTransfer,
  Progress,
  UploadTarget,
} from '../../../src/application/courses/authoring/course-files.port';
import { ApiError } from '../../../src/application/shared/api-error';
import {
  DownloadCertificate,
  HandInFile,
  SubmitQuizAttempt,
} from '../../../src/application/training/training.use-cases';
import { DEFAULT_UPLOAD_LIMITS, handInPurpose } from '../../../src/domain/files/uploads';
import { PlayerViewModel } from '../../../src/ui/training/player.view-model';
import { FakeTrainingApi, FakeLanguagePreference, FakeQuizDrafts, learnerWrites } from '../../fakes/training.fakes';

/** A transfer that reports progress in two steps, as the browser's XMLHttpRequest does. */
class StepTransfer implements FileTransfer {
  sent: string[] = [];
  async put(target: UploadTarget, file: Blob, onProgress: Progress): Promise<void> {
    onProgress(Math.floor(file.size / 2), file.size);
    onProgress(file.size, file.size);
    this.sent.push(target.fileId);
  }
}

const immediate = {
  set: (fn: () => void) => setTimeout(fn, 0),
  clear: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

function player() {
  const api = new FakeTrainingApi();
  api.withAskBlock = true;
  const transfer = new StepTransfer();
  const vm = new PlayerViewModel(
    api,
    new FakeLanguagePreference(),
    new SubmitQuizAttempt(api),
    new DownloadCertificate(api),
    new FakeQuizDrafts(),
    learnerWrites(api),
    immediate,
    new HandInFile(api, transfer, DEFAULT_UPLOAD_LIMITS),
  );
  return { api, transfer, vm };
}

const fileOf = (name: string, size: number) => Object.assign(new Blob([new Uint8Array(size)]), { name });

describe('handing in a file in the player', () => {
  it('says the kinds and limits first, uploads with progress, hands the file in and names it on resume', async () => {
    const { api, transfer, vm } = player();
    await vm.load('c1');
    expect(vm.handInLimitsOf(['PDF', 'IMAGE'])).toBe(
      'PDF, at most 50 MB; PNG, JPEG, GIF or WebP images, at most 10 MB.',
    );
    expect(vm.lessonMissing).toContain('Hand in the file asked for in “Upload your signed form”');

    await vm.handIn('b-ask', fileOf('Signed form.pdf', 2048));
    const progress = vm.handInOf('b-ask')!;
    expect(progress.percent).toBe(100);
    expect(progress.status).toBe('done');
    expect(progress.message).toBe('Signed form.pdf handed in (2 KB).');
    expect(transfer.sent).toEqual(['up-1']);
    expect(api.answers.get('b-ask')).toEqual({ type: 'ASK_TO_UPLOAD_RESOURCE', fileId: 'up-1' });
    expect(vm.handedIn.get('b-ask')).toEqual({ fileName: 'Signed form.pdf', url: '/files/up-1?signed' });
    expect(vm.lessonMissing).not.toContain('Hand in the file asked for in “Upload your signed form”');

    // Another visit: the block names the file handed in.
    const again = player();
    again.api.answers = api.answers;
    again.api.uploads = api.uploads;
    await again.vm.load('c1');
    expect(again.vm.handedIn.get('b-ask')).toEqual({ fileName: 'Signed form.pdf', url: '/files/up-1?signed' });
  });

  it('refuses a file over the limit before sending anything, and shows the server’s refusal of the bytes', async () => {
    const { api, transfer, vm } = player();
    await vm.load('c1');
    await vm.handIn('b-ask', fileOf('scan.png', DEFAULT_UPLOAD_LIMITS.IMAGE + 1));
    expect(vm.handInOf('b-ask')).toMatchObject({
      status: 'error',
      message: 'The file is 10 MB; an image may be at most 10 MB.',
    });
    expect(transfer.sent).toEqual([]);
    expect(api.calls.some((c) => c.method === 'requestHandIn')).toBe(false);

    api.refuseNext = new ApiError(
      'invalid',
      'FILE_TYPE_REFUSED',
      'SVG and HTML files are not accepted: they can carry script. Use PNG, JPEG or PDF.',
    );
    await vm.handIn('b-ask', fileOf('form.png', 300));
    expect(vm.handInOf('b-ask')).toMatchObject({
      status: 'error',
      message: expect.stringContaining('SVG and HTML files are not accepted'),
    });
    expect(api.answers.has('b-ask')).toBe(false);
    expect(vm.handedIn.has('b-ask')).toBe(false);
  });

  it('checks a file against the kind its name says, within what the block takes', () => {
    expect(handInPurpose('photo.JPG', ['PDF', 'IMAGE'])).toBe('IMAGE');
    expect(handInPurpose('form.pdf', ['PDF', 'IMAGE'])).toBe('PDF');
    expect(handInPurpose('form.docx', ['PDF', 'IMAGE', 'DOCUMENT'])).toBe('DOCUMENT');
    expect(handInPurpose('scan', ['IMAGE'])).toBe('IMAGE');
  });
});
