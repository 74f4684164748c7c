import { TEXT_MAX_BYTES } from '@/lib/shared/text-cap';

/*
 * Reads an answer's body as text, but never more than a cap: a service (or a
 * wrong address serving a large file) that sends hundreds of megabytes, or
 * never stops, is refused as soon as it has sent more than any real answer
 * could hold, rather than read whole before anything is checked.
 */

/** The most of an answer the client reads: far above any real page of reports (about 1 MB for 100 with every check). */
export const ANSWER_MAX_BYTES = TEXT_MAX_BYTES;

/** The text of the body, or how it went past the cap: by its Content-Length, or by the bytes read before reading stopped. */
export type CappedBody = { text: string } | { tooLarge: { declared: number | null; read: number } };

/** The size the answer says it has, when it says one. */
function declaredLength(response: Response): number | null {
  const header = response.headers.get('content-length')?.trim();
  return header && /^\d+$/.test(header) ? Number(header) : null;
}

/**
 * The body's bytes, read chunk by chunk. Past `maxBytes` it cancels the stream, which ends the
 * download, and says so. A body that trickles in slowly is read for as long as the request's
 * signal lets it: its time limit still holds.
 */
export async function readCappedBytes(
  response: Response,
  maxBytes = ANSWER_MAX_BYTES,
): Promise<{ bytes: Uint8Array<ArrayBuffer> } | Extract<CappedBody, { tooLarge: unknown }>> {
  const declared = declaredLength(response);
  if (declared !== null && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return { tooLarge: { declared, read: 0 } };
  }
  if (!response.body) return { bytes: new Uint8Array() };
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    read += value.byteLength;
    if (read > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { tooLarge: { declared, read } };
    }
    parts.push(value);
  }
  const bytes = new Uint8Array(read);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.byteLength;
  }
  return { bytes };
}

/** The body decoded as UTF-8, as `response.text()` does (a BOM dropped, bad bytes replaced), within the same cap. */
export async function readCappedBody(response: Response, maxBytes = ANSWER_MAX_BYTES): Promise<CappedBody> {
  const read = await readCappedBytes(response, maxBytes);
  return 'bytes' in read ? { text: new TextDecoder().decode(read.bytes) } : read;
}
