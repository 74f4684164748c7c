import type { SitemapNote } from '@/lib/protocol';
import { t, tn } from '@/lib/shared/i18n';

/** The sitemap reader's bounds as the notes name them (lib/background/sitemap/sitemap-read.ts SITEMAP_LIMITS). */
export const SITEMAP_WORDS = { megabytes: 10, seconds: 60, files: 50, addresses: 50_000, depth: 2 } as const;

/** A note of the sitemap reader in plain words. */
export function sitemapNoteText(note: SitemapNote): string {
  const url = note.url ?? '';
  switch (note.kind) {
    case 'none':
      return t('smNoteNone');
    case 'status':
      return t('smNoteStatus', { url, status: String(note.status ?? '') });
    case 'unreachable':
      return t('smNoteUnreachable', { url });
    case 'unreadable':
      return t('smNoteUnreadable', { url });
    case 'too-large':
      return t('smNoteTooLarge', { url, megabytes: SITEMAP_WORDS.megabytes });
    case 'too-slow':
      return tn('smNoteTooSlow', SITEMAP_WORDS.seconds);
    case 'too-many-files':
      return tn('smNoteTooManyFiles', SITEMAP_WORDS.files);
    case 'too-many-addresses':
      return tn('smNoteTooManyAddresses', SITEMAP_WORDS.addresses);
    case 'too-deep':
      return t('smNoteTooDeep', { url, depth: SITEMAP_WORDS.depth });
    case 'declaration':
      return t('smNoteDeclaration', { url });
    case 'not-sitemap':
      return t('smNoteNotSitemap', { url });
  }
}
