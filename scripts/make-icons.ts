// Renders public/favicon.svg into the PNG icons the web app manifest names (run once: npx tsx scripts/make-icons.ts).
import { readFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';

const svg = await readFile('public/favicon.svg', 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
const render = async (file: string, size: number, padding: number) => {
  await page.setViewportSize({ width: size, height: size });
  // Maskable icons keep their mark inside the 80% safe zone on a full-bleed background.
  await page.setContent(
    `<body style="margin:0;background:#0b0f14;display:grid;place-items:center;height:${size}px">
       <div style="width:${size - 2 * padding}px;height:${size - 2 * padding}px">${svg.replace('<svg ', '<svg width="100%" height="100%" ')}</div></body>`,
  );
  await page.screenshot({ path: file, omitBackground: false });
};
await render('public/icons/icon-192.png', 192, 0);
await render('public/icons/icon-512.png', 512, 0);
await render('public/icons/maskable-512.png', 512, 64);
await render('public/icons/apple-touch-icon.png', 180, 12);
await browser.close();
