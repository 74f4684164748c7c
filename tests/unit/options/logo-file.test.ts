import { describe, expect, it } from 'vitest';
import { readLogo } from '@/lib/options/logo-file';
import { isLogo, LOGO_BYTES_MAX } from '@/lib/shared/agency';

const file = (bytes: Uint8Array<ArrayBuffer> | string) => new Blob([bytes]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe('the logo a user picks', () => {
  it.each([
    ['a PNG', file(PNG), 'data:image/png;base64,'],
    ['a JPEG', file(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2])), 'data:image/jpeg;base64,'],
    ['an SVG', file('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'), 'data:image/svg+xml;base64,'],
  ])('takes %s as a bounded data address', async (_, blob, start) => {
    const read = await readLogo(blob);
    expect(read.ok && read.dataUrl.startsWith(start)).toBe(true);
    expect(read.ok && isLogo(read.dataUrl)).toBe(true);
  });

  it('refuses a file over 100 KB, saying how large it is', async () => {
    const big = new Uint8Array(LOGO_BYTES_MAX + 1);
    big.set(PNG);
    expect(await readLogo(file(big))).toEqual({ ok: false, reason: 'handoverLogoTooBig', size: LOGO_BYTES_MAX + 1 });
  });

  it('takes a PNG of exactly 100 KB, and the store’s bound holds its data address', async () => {
    const edge = new Uint8Array(LOGO_BYTES_MAX);
    edge.set(PNG);
    const read = await readLogo(file(edge));
    expect(read.ok && isLogo(read.dataUrl)).toBe(true);
  });

  it.each([
    ['HTML named .png', '<html><script>alert(1)</script></html>'],
    ['a GIF', 'GIF89a'],
    ['text', 'hello'],
  ])('refuses %s: not a PNG, JPEG or SVG image', async (_, content) => {
    expect(await readLogo(file(content))).toEqual({ ok: false, reason: 'handoverLogoNotImage' });
  });
});
