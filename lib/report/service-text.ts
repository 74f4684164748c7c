import { t, type PlainKey } from '@/lib/shared/i18n';

/** What the service sent, made fit to show: its group names in the UI language, links http(s) only, long texts cut. */

/** The groups the service sorts links and resources into, by its own keys ("Internals", "JavaScripts"). */
const GROUP_LABELS: Record<string, PlainKey> = {
  internals: 'groupInternals',
  externals: 'groupExternals',
  javascripts: 'groupScripts',
  css: 'groupStyleSheets',
  images: 'groupImages',
  audios: 'groupAudio',
  videos: 'groupVideo',
  iframes: 'groupFrames',
};

/** A group's name in the UI language, or null for one the service names itself (a social network, a newer group): shown as sent. */
export function groupLabel(name: string): string | null {
  const key = GROUP_LABELS[name.toLowerCase()];
  return key ? t(key) : null;
}

/** An address a user may open: http(s) only, so a `javascript:` value from the service stays text. */
export function safeHref(text: string): string | null {
  if (!/^https?:\/\/[^\s]+$/i.test(text) || text.length > 2048) return null;
  try {
    return new URL(text).href;
  } catch {
    return null;
  }
}

/** Very long texts are cut for display; the whole stays in the downloaded JSON. */
export function shortened(text: string, max = 2000): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
