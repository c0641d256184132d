/**
 * The page shown when a host has no storefront to render: no such tenant, or its stored
 * configuration is invalid (a hand edit gone wrong). Visitors get a plain, calm page; in dev,
 * platform staff get the located problems (`file:line:col pointer message`) and the page reloads
 * itself once the file is fixed (Vite's client, which the dev overlay also uses).
 */
import { formatIssue, type Issue } from '../../schema/issue';
import { escapeHtml } from '../../schema/display/escape';

export interface Problem {
  status: 404 | 503;
  title: string;
  message: string;
  issues?: Issue[];
}

export function problemPage(problem: Problem, { dev }: { dev: boolean }): string {
  const issues =
    dev && problem.issues?.length
      ? `<ol class="issues">${problem.issues.map((issue) => `<li><code>${escapeHtml(formatIssue(issue))}</code></li>`).join('')}</ol>`
      : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(problem.title)}</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font:17px/1.6 system-ui,sans-serif;color:#1b1f24;background:#f6f7f9}main{max-width:46rem;margin:2rem;padding:2rem 2.25rem;background:#fff;border:1px solid #dde1e6;border-radius:10px}h1{margin:0 0 .5rem;font-size:1.6rem}.issues{padding-left:1.25rem;color:#8a1c1c}code{font-size:.92rem;white-space:pre-wrap;word-break:break-word}</style>
${dev ? '<script type="module" src="/@vite/client"></script>' : ''}
</head><body><main><h1>${escapeHtml(problem.title)}</h1><p>${escapeHtml(problem.message)}</p>${issues}</main></body></html>`;
}
