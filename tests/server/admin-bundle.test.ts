/**
 * The console's first load stays within its budget (issue: initial JavaScript ≤ 350 KB gzip;
 * a bare react-admin + MUI 7 app is about 311 KB): the entry and what index.html preloads, as
 * built into dist/admin. Editors, the tenant-create form and the outbox load when opened; a
 * static import of one of them is what this catches. (npm run bench prints the figures.)
 */
import { describe, expect, it } from 'vitest';
import { initialScripts } from '../helpers/admin-bundle';

const BUDGET_BYTES = 350 * 1024;

describe('the console bundle', () => {
  it('keeps its initial JavaScript within 350 KB gzip', async () => {
    const { files, gzip } = await initialScripts();
    expect(files.length).toBeGreaterThan(0);
    expect(gzip, `initial JavaScript ${(gzip / 1024).toFixed(1)} KB gzip in ${files.join(', ')}`).toBeLessThanOrEqual(
      BUDGET_BYTES,
    );
  });
});
