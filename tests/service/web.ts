import type { IncomingMessage } from 'node:http';
import { CATEGORIES, CATEGORY_ORDER } from './checks/categories.ts';
import type { Category } from './checks/types.ts';
import type { Reply, ServiceState } from './context.ts';
import { readInput } from './http.ts';
import { passwordMatches, type ReportRecord } from './store.ts';

/** The few HTML pages of the service's website: home, sign-in, a report, an avatar. */
export async function handleWeb(state: ServiceState, req: IncomingMessage, url: URL): Promise<Reply> {
  const path = url.pathname;
  if (path === '/' && req.method === 'GET') return page(200, 'Report service', homeBody());
  if (path === '/login') return page(200, 'Sign in', loginBody(req.method === 'POST'));
  const avatar = /^\/avatars\/(\d+)\.svg$/.exec(path);
  if (avatar && req.method === 'GET') return avatarSvg(state, Number(avatar[1]));
  const reportId = /^\/reports\/(\d{1,15})$/.exec(path);
  const report = reportId ? state.store.reportById(Number(reportId[1])) : undefined;
  if (!report || report.privacy === 1) return page(404, 'Not found', '<h1>404</h1><p>This page could not be found.</p>');
  if (report.privacy === 2) {
    const input = req.method === 'POST' ? await readInput(req, url) : {};
    const sent = typeof input.password === 'string' ? input.password : null;
    if (sent === null || !passwordMatches(report.passwordHash, sent)) {
      return page(sent === null ? 200 : 403, 'Password required', passwordBody(report, sent !== null));
    }
  }
  return page(200, `${report.url} report`, reportBody(report));
}

function page(status: number, title: string, body: string): Reply {
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title></head><body>${body}</body></html>`;
  return { status, html };
}

function homeBody(): string {
  return '<h1>Report service</h1><p>Website audits for your pages. Use the API at <code>/api/v1</code> with your API key.</p><p><a href="/login">Sign in</a></p>';
}

function loginBody(tried: boolean): string {
  const note = tried ? '<p role="alert">Signing in is not available on this local service; use the API key it printed.</p>' : '';
  return `<h1>Sign in</h1>${note}<form method="post" action="/login"><label>Email <input name="email" type="email"></label><label>Password <input name="password" type="password"></label><button type="submit">Sign in</button></form>`;
}

function passwordBody(report: ReportRecord, wrong: boolean): string {
  const note = wrong ? '<p role="alert">The password is incorrect.</p>' : '';
  return `<h1>${escape(report.url)}</h1><p>This report is password protected.</p>${note}<form method="post" action="/reports/${report.id}"><label>Password <input name="password" type="password"></label><button type="submit">Show the report</button></form>`;
}

const CATEGORY_TITLES: Record<Category, string> = { seo: 'SEO', performance: 'Performance', security: 'Security', miscellaneous: 'Miscellaneous' };

/** The checks by tab, as the service's report page groups them. */
function reportBody(report: ReportRecord): string {
  const sections = CATEGORY_ORDER.map((category) => {
    const rows = CATEGORIES[category]
      .flatMap((name) => {
        const r = report.results[name];
        return r ? [`<tr><td>${escape(name)}</td><td>${r.importance}</td><td>${r.passed ? 'passed' : 'failed'}</td></tr>`] : [];
      })
      .join('');
    return rows === ''
      ? ''
      : `<h2>${CATEGORY_TITLES[category]}</h2><table><thead><tr><th>Check</th><th>Importance</th><th>Result</th></tr></thead><tbody>${rows}</tbody></table>`;
  }).join('');
  return `<h1>${escape(report.url)}</h1><p>Score: <strong data-score>${report.result ?? 'not rated'}</strong></p><p>Generated at <time>${report.generatedAt}</time></p>${sections}`;
}

function avatarSvg(state: ServiceState, id: number): Reply {
  const account = state.store.accounts().find((a) => a.id === id);
  if (!account) return page(404, 'Not found', '<h1>404</h1>');
  const initial = escape(account.name.trim().charAt(0).toUpperCase() || '?');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" fill="#4f46e5"/><text x="32" y="42" font-size="30" text-anchor="middle" fill="#fff" font-family="sans-serif">${initial}</text></svg>`;
  return { status: 200, html: svg, headers: { 'Content-Type': 'image/svg+xml' } };
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
