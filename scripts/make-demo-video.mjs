// Makes the demo lesson's short videos (public/media/*.webm) once, in Chromium: a canvas recorded by MediaRecorder.
// The files are committed, so neither `npm start` nor CI needs this script, Chromium or ffmpeg.
// Run: npx tsx scripts/make-demo-video.mjs
import { chromium } from '@playwright/test';
import { mkdir, writeFile } from 'node:fs/promises';

const VIDEOS = [
  { file: 'public/media/posh-introduction-en.webm', title: 'Introduction to the POSH Act', language: 'English' },
  { file: 'public/media/posh-introduction-hi.webm', title: 'Introduction to the POSH Act', language: 'Hindi' },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
await mkdir('public/media', { recursive: true });
for (const video of VIDEOS) {
  const base64 = await page.evaluate(async ({ title, language }) => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const ctx = canvas.getContext('2d');
    const stream = canvas.captureStream(10);
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 40_000 });
    const chunks = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const done = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    const started = performance.now();
    await new Promise((resolve) => {
      const frame = () => {
        const t = (performance.now() - started) / 1000;
        ctx.fillStyle = '#1f3a5f';
        ctx.fillRect(0, 0, 320, 180);
        ctx.fillStyle = '#ffffff';
        ctx.font = 'bold 18px sans-serif';
        ctx.textAlign = 'center';
        ctx.fillText(title, 160, 80);
        ctx.font = '14px sans-serif';
        ctx.fillText(`SafePlace demo video · ${language}`, 160, 108);
        ctx.fillStyle = '#7fb3ff';
        ctx.fillRect(20, 150, Math.min(280, (280 * t) / 3), 6);
        if (t < 3) requestAnimationFrame(frame);
        else resolve();
      };
      frame();
    });
    recorder.stop();
    await done;
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    return btoa(binary);
  }, video);
  await writeFile(video.file, Buffer.from(base64, 'base64'));
  console.log(video.file, Buffer.from(base64, 'base64').length, 'bytes');
}
await browser.close();
