/**
 * `npm run dev` only: platform staff edit a tenant's JSON and the open storefront follows. Vite's
 * watcher also watches the tenants folder; a change to a tenant file is checked at once, and then
 * either every open page reloads, or Vite's error overlay shows the located problems
 * (`file:line:col pointer message`) over the page, which stays as it was until the file is fixed.
 */
import path from 'node:path';
import type { ViteDevServer } from 'vite';
import { formatIssue } from '../../schema/issue';
import { loadTenant } from '../../schema/node/loader';

const SETTLE_MS = 80;

export function reloadOnTenantEdits(devServer: ViteDevServer, tenantsDir: string): void {
  devServer.watcher.add(tenantsDir);
  const onEdit = async (file: string) => {
    const relative = path.relative(tenantsDir, file);
    if (relative.startsWith('..') || !relative.includes(path.sep)) return;
    const tenantId = relative.split(path.sep)[0]!;
    const report = await loadTenant(path.join(tenantsDir, tenantId));
    if (report.issues.length === 0) {
      devServer.ws.send({ type: 'full-reload', path: '*' });
      return;
    }
    const lines = report.issues.map((issue) =>
      formatIssue({ ...issue, file: path.relative(process.cwd(), issue.file) }),
    );
    const first = report.issues[0]!;
    devServer.ws.send({
      type: 'error',
      err: {
        message: `Tenant ${tenantId} is invalid: its pages answer 503 until this is fixed.\n\n${lines.join('\n')}`,
        stack: '',
        id: first.file,
        plugin: 'backlot tenant validation',
        loc: { file: first.file, line: first.line, column: first.column },
      },
    });
  };
  // An editor's save is often several events (truncate, write, rename): check once they settle.
  const pending = new Map<string, NodeJS.Timeout>();
  const settle = (file: string) => {
    clearTimeout(pending.get(file));
    pending.set(
      file,
      setTimeout(() => (pending.delete(file), void onEdit(file)), SETTLE_MS),
    );
  };
  for (const event of ['change', 'add', 'unlink'] as const) devServer.watcher.on(event, settle);
}
