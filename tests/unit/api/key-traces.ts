/*
 * Looks for a key in text in any form it may have been echoed in, without
 * knowing the forms: the text is decoded every way an echo may be encoded
 * (URL, JSON, HTML, and one inside another), and each reading is searched for
 * the key and for any run of its secret long enough to matter.
 */

/** A run of the secret this long is a part of it worth stealing. */
const PART = 10;

const decoders: ((text: string) => string)[] = [
  // URL: each run of %XX decoded where it is valid UTF-8; `+` stays, as the key may hold one.
  (text) =>
    text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    }),
  // JSON string escapes, PHP's `\/` included.
  (text) =>
    text.replace(/\\u([0-9a-f]{4})|\\(["\\/])/gi, (_, code: string | undefined, char: string | undefined) =>
      code ? String.fromCharCode(parseInt(code, 16)) : (char ?? ''),
    ),
  // HTML entities, named and numbered.
  (text) =>
    text.replace(
      /&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot|apos));/gi,
      (_, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
        if (dec) return String.fromCharCode(Number(dec));
        if (hex) return String.fromCharCode(parseInt(hex, 16));
        return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[(name ?? '').toLowerCase()] ?? '';
      },
    ),
];

/** The text as is, and decoded once or twice in every order. */
function readings(text: string): string[] {
  const once = decoders.map((decode) => decode(text));
  return [text, ...once, ...once.flatMap((decoded) => decoders.map((decode) => decode(decoded)))];
}

/** What of the key the text gives away: the whole key, or runs of its secret (the part after `|`). Empty when nothing. */
export function keyTraces(text: string, key: string): string[] {
  const secret = key.slice(key.indexOf('|') + 1);
  const runs = Array.from({ length: Math.max(0, secret.length - PART + 1) }, (_, i) => secret.slice(i, i + PART));
  const found = new Set<string>();
  for (const reading of readings(text)) {
    if (reading.includes(key)) found.add(key);
    for (const run of runs) if (reading.includes(run)) found.add(run);
  }
  return [...found];
}
