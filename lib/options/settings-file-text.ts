import { SETTINGS_FILE_MAX_BYTES } from '@/lib/shared/settings-file';
import { formatNumber, t } from '@/lib/shared/i18n';

/** A picked settings file's text, refused before it is read when larger than the bound; the background checks its content. */
export type SettingsFileText = { ok: true; text: string } | { ok: false; message: string };

const kilobytes = (bytes: number) => t('unitKilobytes', { value: formatNumber(Math.ceil(bytes / 1000)) });

export async function readSettingsFileText(file: Pick<Blob, 'size' | 'text'>): Promise<SettingsFileText> {
  if (file.size > SETTINGS_FILE_MAX_BYTES) {
    return { ok: false, message: t('settingsImportTooLarge', { size: kilobytes(file.size), max: kilobytes(SETTINGS_FILE_MAX_BYTES) }) };
  }
  try {
    const text = await file.text();
    if (text.length > SETTINGS_FILE_MAX_BYTES) {
      return { ok: false, message: t('settingsImportTooLarge', { size: kilobytes(text.length), max: kilobytes(SETTINGS_FILE_MAX_BYTES) }) };
    }
    return { ok: true, text };
  } catch (error) {
    return { ok: false, message: t('settingsImportUnreadable', { reason: error instanceof Error ? error.message : String(error) }) };
  }
}

/** Saves text as a file the browser downloads. */
export function downloadText(fileName: string, text: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type: 'application/json;charset=utf-8' }));
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
