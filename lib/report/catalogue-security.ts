import type { CheckDetails } from '@/lib/report/catalogue';
import { noun, value } from '@/lib/report/catalogue-parts';

/** The checks of the service's "Security" category, in its order. */
export const SECURITY_CHECKS: [string, CheckDetails][] = [
  [
    'https_encryption',
    {
      category: 'security',
      why: 'HTTPS keeps what visitors send and read private, and browsers mark plain HTTP pages as not secure.',
      fix: 'Serve the site over HTTPS, and redirect every http:// address to it.',
      finding: value,
    },
  ],
  [
    'http2',
    {
      category: 'security',
      why: 'HTTP/2 loads the files of a page in parallel over one connection, which makes it faster.',
      fix: 'Turn on HTTP/2 in the web server, or in the CDN in front of it.',
      finding: { kind: 'value', prefix: 'HTTP/' },
    },
  ],
  [
    'mixed_content',
    {
      category: 'security',
      why: 'Files loaded over plain HTTP on an HTTPS page can be read or changed on the way, and browsers block many of them.',
      fix: 'Load every resource listed over https://.',
      finding: { kind: 'groups', from: 'errors', noun: noun('insecure resource', 'insecure resources') },
    },
  ],
  [
    'server_signature',
    {
      category: 'security',
      why: 'A Server header that names the software and its version tells attackers which known weaknesses to try.',
      fix: "Hide the server's name and version (ServerTokens Prod in Apache, server_tokens off in nginx).",
      finding: { kind: 'list', from: 'value', noun: noun('Server header', 'Server headers') },
    },
  ],
  [
    'unsafe_cross_origin_links',
    {
      category: 'security',
      why: 'A link that opens another site in a new tab without rel="noopener" lets that site take over this tab.',
      fix: 'Add rel="noopener" to the links listed.',
      finding: { kind: 'list', from: 'errors', noun: noun('unsafe link', 'unsafe links') },
      onPage: 'link',
    },
  ],
  [
    'htst',
    {
      category: 'security',
      why: 'The HSTS header tells browsers to use HTTPS for the site every time, even when a link says http://.',
      fix: 'Send a Strict-Transport-Security header, such as max-age=31536000; includeSubDomains.',
      finding: { kind: 'list', from: 'value', noun: noun('HSTS header', 'HSTS headers') },
    },
  ],
  [
    'plaintext_email',
    {
      category: 'security',
      why: 'E-mail addresses written out in a page are collected by spam robots.',
      fix: 'Replace the addresses listed with a contact form, or hide them from robots.',
      finding: { kind: 'list', from: 'errors', noun: noun('e-mail address', 'e-mail addresses') },
    },
  ],
  [
    'gsb',
    {
      category: 'security',
      why: 'Google Safe Browsing lists sites known for malware or phishing, and browsers warn visitors away from them.',
      fix: 'Find and remove what Google flagged, then ask for a review in Google Search Console.',
      finding: value,
    },
  ],
];
