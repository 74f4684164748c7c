/**
 * The service's default report settings. They live in a TEXT column of its settings table,
 * which is why the thresholds in error payloads arrive as strings: `{"max":"60"}`.
 */
export const SETTINGS = {
  minTitle: '1',
  maxTitle: '60',
  minWords: '500',
  minTextRatio: '10',
  maxLinks: '150',
  loadTime: '2',
  pageSize: '330000',
  httpRequests: '50',
  maxDomNodes: '1500',
  imageFormats: 'AVIF\nWebP',
  deprecatedHtmlTags: 'acronym\napplet\nbasefont\nbig\ncenter\ndir\nfont\nframe\nframeset\nisindex\nnoframes\ns\nstrike\ntt\nu',
} as const;

/** A multi-line setting as the list the service splits it into. */
export function lines(setting: string): string[] {
  return setting.split(/\n|\r/).filter((line) => line !== '');
}
