// Renders the tenants' share images (1200×630 JPEG) from the HTML scenes beside this script,
// in Debian's Chromium: node scripts/assets/render.mjs. Run it after editing a scene.
import path from 'node:path';
import { chromium } from 'playwright-core';

const here = import.meta.dirname;
const tenants = path.resolve(here, '../../tenants');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  for (const tenant of ['aviation', 'platform']) {
    await page.goto(`file://${path.join(here, `${tenant}-share.html`)}`);
    await page.screenshot({ path: path.join(tenants, tenant, 'assets/share.jpg'), type: 'jpeg', quality: 80 });
  }
} finally {
  await browser.close();
}
