import { keptIndexes } from './php.ts';

const LOCAL = /[a-zA-Z0-9._-]/;
const TLD = /[a-zA-Z0-9_-]/;
const isLocal = (c: string | undefined) => c !== undefined && LOCAL.test(c);
const isTld = (c: string | undefined) => c !== undefined && TLD.test(c);

/**
 * Every match of the service's pattern `[a-zA-Z0-9._-]+@[a-zA-Z0-9._-]+\.[a-zA-Z0-9_-]+` in the
 * raw HTML, left to right, found from each `@` outwards. A regular expression would get the same
 * matches but backtrack over every long run of letters, so a big page would stall the audit.
 */
export function emailMatches(text: string): string[] {
  const found: string[] = [];
  let from = 0;
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > from && isLocal(text[start - 1])) start--;
    let end = at + 1;
    while (isLocal(text[end])) end++;
    // The domain is greedy: the last dot that has a name before it and a top-level part after it.
    let dot = end - 2;
    while (dot > at + 1 && !(text[dot] === '.' && isTld(text[dot + 1]))) dot--;
    if (start === at || dot <= at + 1) continue;
    let stop = dot + 1;
    while (stop < end && isTld(text[stop])) stop++;
    found.push(text.slice(start, stop));
    from = stop;
  }
  return found;
}

/** Close to PHP's FILTER_VALIDATE_EMAIL for what the pattern can match: dot-atom local part, host names, a top-level name. */
export function isValidEmail(email: string): boolean {
  const at = email.indexOf('@');
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split('.');
  return (
    email.length < 255 &&
    local.length < 65 &&
    /^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/i.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => label.length < 64 && /^[a-z0-9]+(-+[a-z0-9]+)*$/i.test(label)) &&
    /^([a-z]|xn--)/i.test(labels[labels.length - 1] ?? '')
  );
}

/** The valid addresses, duplicates kept, at their places among all matches (so gaps make an object). */
export function plaintextEmails(html: string): string[] | Record<string, string> {
  return keptIndexes(emailMatches(html), isValidEmail);
}
