import { describe, expect, it } from 'vitest';
import { imageSize } from '../../../src/domain/files/image-header';

const u16be = (n: number) => [n >> 8, n & 0xff];
const u16le = (n: number) => [n & 0xff, n >> 8];
const u32be = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const ascii = (s: string) => [...Buffer.from(s, 'latin1')];
const bytes = (...parts: number[][]) => Uint8Array.from(parts.flat());

describe('image dimensions from the header', () => {
  it('reads a PNG IHDR, and refuses a PNG cut short or without IHDR first', () => {
    const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
    const png = bytes(sig, u32be(13), ascii('IHDR'), u32be(640), u32be(480), [8, 6, 0, 0, 0], u32be(0));
    expect(imageSize('image/png', png)).toEqual({ width: 640, height: 480 });
    expect(imageSize('image/png', png.subarray(0, 20))).toBeNull();
    expect(
      imageSize('image/png', bytes(sig, u32be(13), ascii('IDAT'), u32be(640), u32be(480), [8, 6, 0, 0, 0], u32be(0))),
    ).toBeNull();
    expect(
      imageSize('image/png', bytes(sig, u32be(13), ascii('IHDR'), u32be(0), u32be(480), [8, 6, 0, 0, 0], u32be(0))),
    ).toBeNull();
  });

  it('walks a JPEG to its frame header past APP segments, and refuses three bytes of "JPEG"', () => {
    const app0 = [0xff, 0xe0, ...u16be(16), ...ascii('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
    const exif = [0xff, 0xe1, ...u16be(2 + 1000), ...new Array(1000).fill(0)];
    const sof2 = [0xff, 0xc2, ...u16be(17), 8, ...u16be(1080), ...u16be(1920), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
    expect(imageSize('image/jpeg', bytes([0xff, 0xd8], app0, exif, sof2))).toEqual({ width: 1920, height: 1080 });
    expect(imageSize('image/jpeg', bytes([0xff, 0xd8, 0xff]))).toBeNull();
    // A scan before any frame header is not a picture.
    expect(imageSize('image/jpeg', bytes([0xff, 0xd8], app0, [0xff, 0xda, 0, 2]))).toBeNull();
  });

  it('reads GIF and the three kinds of WebP', () => {
    expect(imageSize('image/gif', bytes(ascii('GIF89a'), u16le(32), u16le(16), [0xf7, 0, 0]))).toEqual({
      width: 32,
      height: 16,
    });
    expect(imageSize('image/gif', bytes(ascii('GIF89a')))).toBeNull();
    const riff = (chunk: string, body: number[]) =>
      bytes(ascii('RIFF'), [0, 0, 0, 0], ascii('WEBP'), ascii(chunk), [0, 0, 0, 0], body, new Array(16).fill(0));
    expect(imageSize('image/webp', riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, ...u16le(300), ...u16le(200)]))).toEqual({
      width: 300,
      height: 200,
    });
    // VP8L: signature 0x2f, then 14 bits of width - 1 and 14 of height - 1.
    const bits = (300 - 1) | ((200 - 1) << 14);
    expect(
      imageSize(
        'image/webp',
        riff('VP8L', [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >>> 24) & 0xff]),
      ),
    ).toEqual({ width: 300, height: 200 });
    expect(imageSize('image/webp', riff('VP8X', [0, 0, 0, 0, 299 & 0xff, 299 >> 8, 0, 199, 0, 0]))).toEqual({
      width: 300,
      height: 200,
    });
    expect(imageSize('image/webp', bytes(ascii('RIFF'), [0, 0, 0, 0], ascii('WEBP')))).toBeNull();
  });
});
