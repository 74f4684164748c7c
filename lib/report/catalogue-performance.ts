import type { CheckDetails } from '@/lib/report/catalogue';
import { max, noun, value } from '@/lib/report/catalogue-parts';

/** The checks of the service's "Performance" category, in its order. */
export const PERFORMANCE_CHECKS: [string, CheckDetails][] = [
  [
    'text_compression',
    {
      category: 'performance',
      why: 'Compressed HTML downloads faster, on slow connections most of all.',
      fix: 'Turn on gzip (or Brotli) compression for HTML in the web server.',
      finding: { kind: 'number', unit: 'bytes' },
    },
  ],
  [
    'load_time',
    {
      category: 'performance',
      why: 'Visitors leave slow pages, and search engines rank them lower.',
      fix: 'Make the server answer faster: cache pages, do less work per request, or move to a faster host.',
      finding: { kind: 'number', unit: 'seconds', limit: max(2) },
    },
  ],
  [
    'page_size',
    {
      category: 'performance',
      why: 'A large HTML document takes longer to download and to read.',
      fix: 'Make the HTML smaller: move inline scripts and styles into files, and remove unused markup.',
      finding: { kind: 'number', unit: 'bytes', limit: max(330_000) },
    },
  ],
  [
    'http_requests',
    {
      category: 'performance',
      why: 'Every file a page loads costs a request; many requests make it slower, on phones above all.',
      fix: 'Combine or remove scripts, styles and images, and load images further down the page lazily.',
      finding: { kind: 'groups', from: 'value', noun: noun('resource', 'resources'), limit: max(50) },
    },
  ],
  [
    'image_format',
    {
      category: 'performance',
      why: 'AVIF and WebP images are much smaller than JPEG, PNG or GIF at the same quality.',
      fix: 'Serve the images listed as AVIF or WebP.',
      finding: { kind: 'list', from: 'errors', noun: noun('image in an older format', 'images in older formats') },
      onPage: 'image',
    },
  ],
  [
    'defer_javascript',
    {
      category: 'performance',
      why: 'Scripts without defer hold up the drawing of the page until they have loaded and run.',
      fix: 'Add the defer attribute to the script tags listed.',
      finding: { kind: 'list', from: 'errors', noun: noun('script without defer', 'scripts without defer') },
    },
  ],
  [
    'dom_size',
    {
      category: 'performance',
      why: 'A page with many elements takes longer to lay out and uses more memory.',
      fix: 'Simplify the markup: remove needless wrappers and hidden elements, and load long lists in parts.',
      finding: { kind: 'number', unit: 'elements', limit: max(1500) },
    },
  ],
  [
    'doctype',
    {
      category: 'performance',
      why: 'Without a doctype, browsers draw the page in quirks mode, which breaks layouts.',
      fix: 'Start the HTML with <!DOCTYPE html>.',
      finding: value,
    },
  ],
];
