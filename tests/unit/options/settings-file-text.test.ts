import { describe, expect, it } from 'vitest';
import { readSettingsFileText } from '@/lib/options/settings-file-text';
import { settingsFileName } from '@/lib/shared/settings-file';

describe('a picked settings file', () => {
  it('is read when at most 1 MiB', async () => {
    expect(await readSettingsFileText(new Blob(['{"format":"site-report-settings"}']))).toEqual({
      ok: true,
      text: '{"format":"site-report-settings"}',
    });
  });

  it('is refused unread when larger, with both sizes in words', async () => {
    let read = false;
    const file = {
      size: 2_000_000,
      text: async () => {
        read = true;
        return '';
      },
    };
    expect(await readSettingsFileText(file)).toEqual({ ok: false, message: 'This file is 2,000 kB; a settings file is at most 1,049 kB.' });
    expect(read).toBe(false);
  });

  it('that cannot be read says why', async () => {
    const file = { size: 10, text: () => Promise.reject(new Error('The file was moved')) };
    expect(await readSettingsFileText(file)).toEqual({ ok: false, message: 'The file could not be read: The file was moved' });
  });
});

describe('a settings file’s name', () => {
  it('carries the date, and says when it holds keys', () => {
    const day = new Date('2026-11-26T04:00:00Z');
    expect(settingsFileName(day, false)).toBe('site-report-settings-2026-11-26.json');
    expect(settingsFileName(day, true)).toBe('site-report-settings-2026-11-26-with-keys.json');
  });
});
