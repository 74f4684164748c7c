import { describe, expect, it } from 'vitest';
import { exceedsBytes, TEXT_MAX_BYTES } from '@/lib/shared/text-cap';

/** A pasted text past the cap is refused before it is read line by line; the count is UTF-8's, as the service's answers are. */
describe('the size cap on text', () => {
  it.each([
    ['ASCII at the cap', 'a'.repeat(12), 12, false],
    ['ASCII one past', 'a'.repeat(13), 12, true],
    ['two-byte letters at the cap', 'é'.repeat(6), 12, false],
    ['two-byte letters one past', `${'é'.repeat(6)}a`, 12, true],
    ['three-byte characters at the cap', '€'.repeat(4), 12, false],
    ['three-byte characters past it', '€'.repeat(5), 12, true],
    ['emoji (four bytes each) at the cap', '😀'.repeat(3), 12, false],
    ['emoji past it', '😀'.repeat(3) + 'a', 12, true],
  ])('%s', (_name, text, max, over) => {
    expect(exceedsBytes(text, max)).toBe(over);
    expect(new TextEncoder().encode(text).length > max).toBe(over);
  });

  it('refuses a paste of 11 MB and takes one of 9 MB', () => {
    expect(TEXT_MAX_BYTES).toBe(10 * 1024 * 1024);
    expect(exceedsBytes('x'.repeat(11 * 1024 * 1024))).toBe(true);
    expect(exceedsBytes('é'.repeat(4.5 * 1024 * 1024))).toBe(false);
  });
});
