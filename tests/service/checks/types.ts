import type { IncomingHttpHeaders } from 'node:http';

export type Importance = 'high' | 'medium' | 'low';

/** The four tabs of the service's report page. */
export type Category = 'seo' | 'performance' | 'security' | 'miscellaneous';

/** One entry of a report's `results`, as the service sends it. */
export interface CheckResult {
  passed: boolean;
  importance: Importance;
  value: unknown;
  errors?: Record<string, unknown>;
}

/** Everything a check may look at: the fetched page, parsed once, and the two files of its site. */
export interface PageContext {
  /** Final address after redirects. */
  url: URL;
  status: number;
  headers: IncomingHttpHeaders;
  /** Header names and values as received, alternating, so a header sent twice is seen twice. */
  rawHeaders: string[];
  /** Protocol version of the final response, e.g. `1.1`. */
  httpVersion: string;
  /** The document as received, decompressed, without a byte order mark. */
  html: string;
  document: Document;
  /** Body bytes on the wire: the compressed size when the server compressed it. */
  transferBytes: number;
  /** Seconds from the final request to the last byte of its body. */
  loadSeconds: number;
  /** The made-up address that answered 404, or false when the site answered it otherwise. */
  notFoundPage: string | false;
  /** The site's /robots.txt when it answered 2xx, else null. */
  robotsTxt: string | null;
  /** Text of every `<title>` in `<head>`, cleaned and joined; null when there is none. */
  title: string | null;
  titleTags: number;
  /** The `<body>` text, cleaned. */
  bodyText: string;
}

export interface CheckOutcome {
  passed: boolean;
  value: unknown;
  errors?: Record<string, unknown>;
}

export interface Check {
  name: string;
  importance: Importance;
  run(page: PageContext): CheckOutcome;
}

/** Error keys found so far; they add up, as the service's `errors[key] = …` does. */
export type Errors = Record<string, unknown>;

/** Passed when no error key was set; `errors` is sent only with a failure. */
export function verdict(value: unknown, errors: Errors): CheckOutcome {
  return Object.keys(errors).length === 0 ? { passed: true, value } : { passed: false, value, errors };
}

/** A check that fails with `missing` when its value is empty, the service's most common shape. */
export function required(value: string | null): CheckOutcome {
  return verdict(value, isEmpty(value) ? { missing: null } : {});
}

/** PHP's empty() on a string: null, '' and '0' are nothing. */
export function isEmpty(text: string | null | undefined): text is null | undefined | '' | '0' {
  return text === null || text === undefined || text === '' || text === '0';
}

/** An attribute as written (not trimmed); '' when absent. */
export function attr(el: Element, name: string): string {
  return el.getAttribute(name) ?? '';
}

/** Elements of that tag anywhere in the document. */
export function all(root: Document | Element, tag: string): Element[] {
  return [...root.querySelectorAll(tag)];
}

/** Elements of that tag inside `<head>`. linkedom's `document.head` would create a head, so it is looked up. */
export function inHead(document: Document, tag: string): Element[] {
  return all(document, 'head').flatMap((head) => all(head, tag));
}
