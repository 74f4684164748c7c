import type { CheckDetails } from '@/lib/report/catalogue';
import { max, noun, value } from '@/lib/report/catalogue-parts';

/** The checks of the service's "SEO" category, in its order. */
export const SEO_CHECKS: [string, CheckDetails][] = [
  [
    'title',
    {
      category: 'seo',
      why: 'The title is the headline search engines show for the page, and the name of its browser tab.',
      fix: 'Give the page one <title> of 1 to 60 characters that says what it is about.',
      finding: { kind: 'text', limit: { min: 1, max: 60 } },
    },
  ],
  [
    'meta_description',
    {
      category: 'seo',
      why: 'Search engines often show the description under the title in their results.',
      fix: 'Add a <meta name="description"> with a one- or two-sentence summary of the page.',
      finding: { kind: 'text' },
    },
  ],
  [
    'headings',
    {
      category: 'seo',
      why: 'Headings give the page its outline; one h1 tells readers and search engines what the page is about.',
      fix: 'Use exactly one h1, worded differently from the title, and h2 to h6 for the sections below it.',
      finding: { kind: 'headings' },
      onPage: 'heading',
    },
  ],
  [
    'content_keywords',
    {
      category: 'seo',
      why: 'Words of the title that also appear in the text show search engines that the page keeps its promise.',
      fix: "Use the main words of the title in the page's text, or retitle the page after what it says.",
      finding: { kind: 'list', from: 'value', noun: noun('title word', 'title words') },
    },
  ],
  [
    'image_keywords',
    {
      category: 'seo',
      why: 'Alt text describes an image to screen reader users and search engines, and shows when the image cannot load.',
      fix: 'Add an alt attribute to each image listed; leave it empty (alt="") only for decorative images.',
      finding: { kind: 'list', from: 'errors', noun: noun('image without alt text', 'images without alt text') },
      onPage: 'image',
    },
  ],
  [
    'seo_friendly_url',
    {
      category: 'seo',
      why: 'Short, readable addresses are easier to share, and tell search engines what the page is about.',
      fix: 'Use lower-case words joined by hyphens in the address, with a word of the title and without query strings, underscores or spaces.',
      finding: value,
    },
  ],
  [
    '404_page',
    {
      category: 'seo',
      why: 'A real 404 answer for missing pages keeps broken links out of search results and tells visitors where they are.',
      fix: 'Make the server answer addresses that do not exist with the status 404 and a helpful page.',
      finding: value,
    },
  ],
  [
    'robots',
    {
      category: 'seo',
      why: 'A Disallow rule in robots.txt that matches the page keeps search engines from crawling it.',
      fix: 'Remove or narrow the robots.txt rules listed, unless the page should stay out of search results.',
      finding: { kind: 'list', from: 'errors', noun: noun('blocking rule', 'blocking rules') },
    },
  ],
  [
    'noindex',
    {
      category: 'seo',
      why: 'A noindex tag asks search engines to leave the page out of their results.',
      fix: 'Remove noindex from the robots meta tag (and from the X-Robots-Tag header) if the page should be found.',
      finding: value,
    },
  ],
  [
    'in_page_links',
    {
      category: 'seo',
      why: "Links help visitors and search engines through the site; too many dilute each link's weight.",
      fix: 'Keep the page under 150 links: drop repeated and low-value ones.',
      finding: { kind: 'groups', from: 'value', noun: noun('link', 'links'), limit: max(150) },
    },
  ],
  [
    'language',
    {
      category: 'seo',
      why: 'The declared language lets screen readers pronounce the text, and search engines show the page to the right readers.',
      fix: 'Set the lang attribute of the html element, such as <html lang="en">.',
      finding: value,
    },
  ],
  [
    'favicon',
    {
      category: 'seo',
      why: 'The favicon identifies the site in tabs, bookmarks and some search results.',
      fix: 'Add a <link rel="icon"> to the head of the page.',
      finding: value,
    },
  ],
];
