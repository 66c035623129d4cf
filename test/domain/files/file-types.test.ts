import { describe, expect, it } from 'vitest';
import {
  checkType,
  detectType,
  DOCX,
  officeType,
  PPTX,
  XLSX,
  zipDirectory,
  zipEntryNames,
} from '../../../src/domain/files/file-types';
import { DEFAULT_UPLOAD_LIMITS, sizeProblem } from '../../../src/domain/files/uploads';
import { DOCX as DOCX_FILE, PLAIN_ZIP } from '../../server/support/sample-files';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);
const withTail = (head: Uint8Array) => new Uint8Array([...head, ...new Uint8Array(64).fill(1)]);

describe('a file’s type from its own bytes', () => {
  it('knows the media, documents and archives the product accepts', () => {
    expect(detectType(text('%PDF-1.7\n'))).toBe('application/pdf');
    expect(detectType(withTail(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)))).toBe('image/png');
    expect(detectType(withTail(bytes(0xff, 0xd8, 0xff, 0xe0)))).toBe('image/jpeg');
    expect(detectType(text('GIF89a...'))).toBe('image/gif');
    expect(detectType(new Uint8Array([...text('RIFF'), 0, 0, 0, 0, ...text('WEBPVP8 ')]))).toBe('image/webp');
    expect(detectType(new Uint8Array([0, 0, 0, 0x20, ...text('ftypisom'), 0, 0, 2, 0]))).toBe('video/mp4');
    expect(detectType(new Uint8Array([0, 0, 0, 0x14, ...text('ftypqt  ')]))).toBe('video/quicktime');
    expect(detectType(new Uint8Array([0, 0, 0, 0x20, ...text('ftypM4A ')]))).toBe('audio/mp4');
    expect(detectType(withTail(bytes(0x1a, 0x45, 0xdf, 0xa3)))).toBe('video/webm');
    expect(detectType(text('OggS\u0000\u0002'))).toBe('audio/ogg');
    expect(detectType(withTail(bytes(0x50, 0x4b, 0x03, 0x04)))).toBe('application/zip');
    expect(detectType(withTail(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)))).toBe('application/x-cfb');
  });

  it('tells WebVTT captions, plain text (Indic scripts too), SVG and HTML apart', () => {
    expect(detectType(text('WEBVTT\n\n00:00.000 --> 00:02.000\nनमस्ते'))).toBe('text/vtt');
    expect(detectType(text('\uFEFFWEBVTT - Hindi captions\n'))).toBe('text/vtt');
    expect(detectType(text('WEBVTTX'))).toBe('text/plain');
    expect(detectType(text('आंतरिक समिति की बैठक के नोट्स'))).toBe('text/plain');
    expect(detectType(text('  <svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBe('image/svg+xml');
    expect(detectType(text('<?xml version="1.0"?>\n<!-- x -->\n<svg></svg>'))).toBe('image/svg+xml');
    expect(detectType(text('<!DOCTYPE html><html></html>'))).toBe('text/html');
    expect(detectType(text('Notes\n<script>alert(1)</script>'))).toBe('text/html');
    expect(detectType(bytes(0x00, 0x01, 0x02, 0x03))).toBeNull();
  });

  it('a text cut inside a multi-byte character is still text', () => {
    const cut = text('नमस्ते').subarray(0, 7);
    expect(detectType(cut)).toBe('text/plain');
  });
});

describe('which files each use accepts', () => {
  it('accepts what its allow-list names, whatever the file was called', () => {
    expect(checkType('VIDEO', 'video/mp4')).toEqual({ ok: true, type: 'video/mp4' });
    expect(checkType('CAPTIONS', 'text/vtt').ok).toBe(true);
    expect(checkType('DOCUMENT', DOCX).ok).toBe(true);
    expect(checkType('DOCUMENT', 'application/pdf').ok).toBe(true);
    // A bare zip, an old binary Office file (macros) and QuickTime (Chromium does not play it) are not taken.
    expect(checkType('DOCUMENT', 'application/zip').ok).toBe(false);
    expect(checkType('DOCUMENT', 'application/x-cfb').ok).toBe(false);
    expect(checkType('VIDEO', 'video/quicktime').ok).toBe(false);
    expect(checkType('IMAGE', 'application/pdf')).toEqual({
      ok: false,
      status: 415,
      message: 'This file is not an image. Accepted: PNG, JPEG, GIF, WebP.',
    });
    expect(checkType('VIDEO', null).ok).toBe(false);
  });

  it('refuses SVG and HTML everywhere a file is shown, and takes any file as evidence', () => {
    for (const purpose of ['IMAGE', 'DOCUMENT', 'PDF', 'VIDEO', 'CAPTIONS'] as const) {
      expect(checkType(purpose, 'image/svg+xml')).toMatchObject({
        ok: false,
        status: 415,
        message: expect.stringContaining('SVG and HTML'),
      });
      expect(checkType(purpose, 'text/html').ok).toBe(false);
    }
    expect(checkType('EVIDENCE', 'text/html')).toEqual({ ok: true, type: 'text/html' });
    expect(checkType('EVIDENCE', null)).toEqual({ ok: true, type: null });
  });
});

describe('Office documents, told apart by the parts of their zip', () => {
  it('finds the directory from the end of the file and names the document by its main part', () => {
    const directory = zipDirectory(new Uint8Array(DOCX_FILE), DOCX_FILE.length)!;
    const names = zipEntryNames(
      new Uint8Array(DOCX_FILE.subarray(directory.offset, directory.offset + directory.size)),
    );
    expect(names).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    expect(officeType(names)).toBe(DOCX);
    expect(officeType(['[Content_Types].xml', 'xl/workbook.xml'])).toBe(XLSX);
    expect(officeType(['[Content_Types].xml', 'ppt/presentation.xml'])).toBe(PPTX);
  });

  it('is no document without the parts, or with macros', () => {
    const directory = zipDirectory(new Uint8Array(PLAIN_ZIP), PLAIN_ZIP.length)!;
    expect(officeType(zipEntryNames(new Uint8Array(PLAIN_ZIP.subarray(directory.offset))))).toBeNull();
    expect(officeType(['[Content_Types].xml', 'word/document.xml', 'word/vbaProject.bin'])).toBeNull();
    expect(officeType(['word/document.xml'])).toBeNull();
    expect(zipDirectory(new Uint8Array(64), 64)).toBeNull();
  });

  it('takes a HEIF photo for no video', () => {
    expect(detectType(new Uint8Array([0, 0, 0, 0x18, ...text('ftypheic'), 0, 0, 0, 0]))).toBeNull();
  });
});

describe('upload size limits', () => {
  it('says how large a file may be, in the units people read', () => {
    expect(sizeProblem('VIDEO', 10, DEFAULT_UPLOAD_LIMITS)).toBeNull();
    expect(sizeProblem('IMAGE', 11 * 1024 * 1024, DEFAULT_UPLOAD_LIMITS)).toBe(
      'The file is 11 MB; an image may be at most 10 MB.',
    );
    expect(sizeProblem('CAPTIONS', 0, DEFAULT_UPLOAD_LIMITS)).toBe('The file is empty.');
  });
});
