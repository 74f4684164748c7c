/** Plain fetch to the local service, with the answer read once. Test-only convenience. */
export interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever came back; the assertions say what it must be.
  body: any;
}

export interface CallOptions {
  method?: string;
  key?: string | null;
  form?: Record<string, string>;
  json?: unknown;
  /** Default `application/json`; null sends no Accept header. */
  accept?: string | null;
}

export async function call(baseUrl: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.accept !== null) headers.Accept = options.accept ?? 'application/json';
  if (options.key) headers.Authorization = `Bearer ${options.key}`;
  let body: string | undefined;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const res = await fetch(baseUrl + path, { method: options.method ?? 'GET', headers, body, redirect: 'manual' });
  const text = await res.text();
  const isJson = (res.headers.get('content-type') ?? '').includes('json');
  return { status: res.status, headers: res.headers, body: isJson ? JSON.parse(text) : text };
}

/** Names of the checks that failed in a report's results. */
export function failedChecks(results: Record<string, { passed: boolean }>): string[] {
  return Object.entries(results)
    .filter(([, r]) => !r.passed)
    .map(([name]) => name)
    .sort();
}
