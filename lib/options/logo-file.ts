import { LOGO_BYTES_MAX, type LOGO_TYPES } from '@/lib/shared/agency';

export type LogoReading =
  | { ok: true; dataUrl: string }
  | { ok: false; reason: 'handoverLogoNotImage' | 'handoverLogoUnreadable' }
  | { ok: false; reason: 'handoverLogoTooBig'; size: number };

/** What a file's first bytes say it is: a PNG, a JPEG, an SVG, or none of them whatever its name claims. */
export function logoTypeOf(bytes: Uint8Array): (typeof LOGO_TYPES)[number] | null {
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, 1024))
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) return 'image/svg+xml';
  return null;
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** A picked logo as a data address, refused when larger than 100 KB or not a PNG, JPEG or SVG image. */
export async function readLogo(file: Pick<Blob, 'size' | 'arrayBuffer'>): Promise<LogoReading> {
  if (file.size > LOGO_BYTES_MAX) return { ok: false, reason: 'handoverLogoTooBig', size: file.size };
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return { ok: false, reason: 'handoverLogoUnreadable' };
  }
  if (bytes.length > LOGO_BYTES_MAX) return { ok: false, reason: 'handoverLogoTooBig', size: bytes.length };
  const type = logoTypeOf(bytes);
  if (!type) return { ok: false, reason: 'handoverLogoNotImage' };
  return { ok: true, dataUrl: `data:${type};base64,${base64(bytes)}` };
}
