import type { IncomingMessage } from 'node:http';
import { notFound, unexpected, type ApiCall, type Reply, type ServiceState } from './context.ts';
import { bearerToken, BodyTooLarge, expectsJson, readInput } from './http.ts';
import { listReports } from './list-reports.ts';
import { presentAccount, quotaOf } from './present.ts';
import { createReport, deleteReport, showReport, updateReport } from './reports.ts';

type Handler = (call: ApiCall) => Reply | Promise<Reply>;

const ROUTES: { path: RegExp; methods: Record<string, Handler> }[] = [
  { path: /^\/api\/v1\/reports$/, methods: { GET: listReports, POST: createReport } },
  { path: /^\/api\/v1\/reports\/([^/]+)$/, methods: { GET: showReport, PUT: updateReport, PATCH: updateReport, DELETE: deleteReport } },
  { path: /^\/api\/v1\/account$/, methods: { GET: showAccount } },
];

function showAccount({ state, account }: ApiCall): Reply {
  const quota = quotaOf(account, state.settings.reportsPerMonth);
  return { status: 200, json: { data: presentAccount(account, state.store.accounts(), quota, state.origin), status: 200 } };
}

/** Route, then rate limit, then key, then plan: the order the service's middleware runs in. */
export async function handleApi(state: ServiceState, req: IncomingMessage, url: URL): Promise<Reply> {
  const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/$/, '') : url.pathname;
  const route = ROUTES.find((r) => r.path.test(pathname));
  if (!route) return notFound;
  const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
  const allow = [...Object.keys(route.methods), 'OPTIONS'].join(', ');
  // No CORS headers: the extension calls from its background with a host permission.
  if (method === 'OPTIONS') return { status: 204, headers: { Allow: allow } };
  const handler = route.methods[method];
  if (!handler) {
    return { status: 405, headers: { Allow: allow }, json: { message: `The ${method} method is not supported for this route.`, status: 405 } };
  }

  const token = bearerToken(req);
  const limit = state.limiter.hit(token ?? `address:${req.socket.remoteAddress ?? ''}`);
  const withLimit = (reply: Reply): Reply => ({ ...reply, headers: { ...reply.headers, ...limit.headers } });
  if (!limit.allowed) return withLimit({ status: 429, json: { message: 'Too Many Attempts.' } });

  const account = token === undefined ? undefined : state.store.accountByKey(token);
  if (!account) {
    return withLimit(
      expectsJson(req)
        ? { status: 401, json: { message: 'Unauthenticated.' } }
        : { status: 302, headers: { Location: `${state.origin}/login` }, html: redirectPage(`${state.origin}/login`) },
    );
  }
  if (!account.apiAccess) {
    return withLimit({ status: 403, json: { message: "You don't have access to this feature.", status: 403 } });
  }

  try {
    const input = await readInput(req, url);
    const id = route.path.exec(pathname)?.[1];
    return withLimit(await handler({ state, account, id, input, url }));
  } catch (error) {
    if (error instanceof BodyTooLarge) return withLimit({ status: 413, json: { message: 'The request body is too large.', status: 413 } });
    if (!state.closing.aborted) console.error('report service: unexpected error', error);
    return withLimit(unexpected);
  }
}

function redirectPage(target: string): string {
  return `<!DOCTYPE html><html><head><meta charset="UTF-8"><meta http-equiv="refresh" content="0;url='${target}'"><title>Redirecting to ${target}</title></head><body>Redirecting to <a href="${target}">${target}</a>.</body></html>`;
}
