/**
 * English, the source catalogue: every word the extension shows outside the popup and the reports manager
 * (those follow in part two of issue 13). Keys are camelCase, grouped by where they show; `{name}` is a
 * placeholder; a plural is an object of forms. Other locales are typed against this file (locales/catalogue.ts).
 */
export default {
  // The locale itself: the language tag pages are marked with and Intl formats in, and the writing direction.
  langTag: 'en',
  langDir: 'ltr',

  // Manifest and browser surfaces.
  extName: 'Site Report',
  extDescription: 'Audit the page in front of you with your own report service, and find, edit and delete your past reports.',
  commandOpen: 'Open Site Report',
  commandReportPage: 'Report the current page',
  menuReportPage: 'Report this page',
  menuReportLink: 'Report this link',

  // Score and privacy words: the same on every screen.
  scoreGood: 'Good',
  scoreDecent: 'Decent',
  scoreBad: 'Bad',
  privacyPublic: 'Public',
  privacyPrivate: 'Private',
  privacyPassword: 'Password-protected',
  privacyPasswordShort: 'Password',
  privacyPublicHint: 'Anyone with the link can open the report.',
  privacyPrivateHint: 'Only you can open the report, signed in to your service.',
  privacyPasswordHint: 'Anyone with the link and the password can open the report.',

  // Notifications.
  notifyCreated: 'Report created',
  notifyQueuedCreated: 'Queued report created',
  notifyScore: 'Score {score}',
  notifyReady: 'Report ready',
  notifyCouldNotReport: 'Could not report {page}',
  notifyCouldNotCreate: 'Could not create the report',
  notifyOpenOptions: 'Click here to open the options.',
  notifyWillReportLater: 'Will report {page} later',
  notifyQueued: 'The report service cannot be reached now. The report will be made when it is back; the options page lists what is waiting.',
  notifyUnreportable: "This page can't be reported",
  notifyGaveUp: 'The report service could not be reached for 7 days, so this report was dropped from the queue.',

  // Pages that cannot be reported.
  pageBrowserOwn: "This is one of the browser's own pages. Only web pages (http or https) can be reported.",
  pageFile: 'This page is a file on your computer; the report service cannot reach it.',
  pageNoWebAddress: 'This page has no address on the web; the report service cannot reach it.',
  pageSourceView: 'This is a source view. Open the page itself to report it.',
  pageExtension: 'This page belongs to an extension. Only web pages can be reported.',
  pageNoneYet: 'This tab has no page open yet.',
  pageStore: "Browser store pages can't be reported: the browser keeps extensions away from them.",
  pageNotWeb: 'Only web pages (http or https) can be reported.',

  // Errors: the service's address.
  addressEmpty: 'Enter the address of your report service, such as https://reports.example.com.',
  addressNotAddress: 'This is not a web address. Enter the address of your report service, such as https://reports.example.com.',
  addressScheme: 'The address must start with https://, such as https://reports.example.com.',
  addressCredentials: 'Leave the user name and password out of the address.',
  addressOtherLoopback:
    'For a service on this computer, use http://127.0.0.1, http://localhost or http://[::1]: the browser lets the extension reach only those over plain http.',
  addressInsecure: 'This address starts with http://, so your API key would travel in clear text. Use the https:// address of your report service.',
  addressInvalid: 'The address of the report service is not valid.',

  // Errors: the key.
  keyMissing: 'Enter your API key. You find it in the account area of your report service.',
  keyMissingShort: 'Enter your API key.',
  keyTooShort:
    'This is too short to be an API key ({length} of at least {minimum} characters). Copy the whole key from the account area of your service.',
  keyForOtherAddress: 'Enter the API key for {newHost}. The saved key is only ever sent to {savedHost}, the address it was saved for.',
  keyMissingInOptions: 'Enter your API key in the options. You find it in your account on the report service.',
  keyBadCharacters: 'The API key holds characters a key cannot have. Copy it again from your account on the report service.',

  // Errors: what the service answered.
  errorUnauthorized: 'The service refused the API key. Check the key, or create a new one in the account area of your service.',
  errorForbiddenPlan: 'Your plan on the report service does not include API access. Upgrade the plan, or use an account whose plan has it.',
  errorForbiddenReport: 'You cannot change this report: it no longer exists or belongs to another account.',
  errorForbidden: 'The report service refused this for your account.',
  errorNotFound: 'This report no longer exists or belongs to another account.',
  errorRefused: 'The report service did not accept the request.',
  errorQuota:
    'You have created as many reports this month as your plan allows. Deleted reports still count. You can create more next month, or with a bigger plan.',
  errorServer: 'The report service ran into a problem (error {status}). Try again in a moment.',
  errorNotTheApi:
    "This address does not look like the report service's API: it answered with a web page instead of data. Check the address in the options: it is the address of the service's own website, such as https://reports.example.com.",
  errorRedirectHint: 'It sends requests on to {address}: if that is your service, enter that address.',
  errorBroken: 'The report service sent an answer that is cut off or garbled, so this extension cannot read it.',
  errorNotUnderstood: 'The report service gave an answer this extension does not understand (error {status}).',
  errorUnknownShape: 'The service sent an answer this extension does not understand. It may be a version this extension does not support yet.',
  errorRateLimitedMinute: 'The report service is getting too many requests from you. Try again in a minute.',
  errorRateLimitedLater: 'The report service is getting too many requests from you. Try again later.',
  errorRateLimitedSeconds: {
    one: 'The report service is getting too many requests from you. Try again in a second.',
    other: 'The report service is getting too many requests from you. Try again in {count} seconds.',
  },
  errorNetwork:
    'Could not reach the report service. It may be down, or the browser may have blocked the connection: because it does not trust the certificate, because of its HTTPS-only mode, because of a proxy or firewall, or because the extension has no permission for this address.',
  errorTimeout: {
    one: 'The report service did not answer within {count} second. Try again in a moment.',
    other: 'The report service did not answer within {count} seconds. Try again in a moment.',
  },
  errorAuditSlow:
    'The report service is taking a long time to audit this page: it fetches the page live, which can take a while. The report may still appear in your list in a few minutes.',
  errorDeleteUnconfirmed:
    'The report service did not confirm that the report was deleted. Reload the list to see whether it is gone, and try again if it is not.',

  // Errors: the extension's own.
  errorInside: 'Something went wrong inside the extension. Try again.',
  errorNotConnected: 'The extension is not connected to a report service yet. Open the options to connect it.',
  errorPermissionMissing: 'The browser no longer lets the extension reach {host}. Grant the permission again to go on.',
  errorBadRequest: 'The extension sent itself a request it does not understand. Reload the page and try again.',
  errorReportFailed: 'The report could not be created. Try again.',
  errorInterrupted:
    'The browser stopped the extension while the service was auditing this page, and no report of it showed up. Try again, or look for the report in the options.',

  // The checks' names (lib/shared/check-names.ts).
  checkTitle: 'Title',
  checkMetaDescription: 'Meta description',
  checkHeadings: 'Headings',
  checkContentKeywords: 'Title words in the content',
  checkImageKeywords: 'Image alt text',
  checkSeoFriendlyUrl: 'SEO-friendly address',
  check404Page: '404 page',
  checkRobots: 'Robots.txt rules',
  checkNoindex: 'Noindex tag',
  checkInPageLinks: 'Links on the page',
  checkLanguage: 'Language',
  checkFavicon: 'Favicon',
  checkTextCompression: 'Text compression',
  checkLoadTime: 'Load time',
  checkPageSize: 'Page size',
  checkHttpRequests: 'HTTP requests',
  checkImageFormat: 'Image formats',
  checkDeferJavascript: 'Deferred JavaScript',
  checkDomSize: 'DOM size',
  checkDoctype: 'Doctype',
  checkHttpsEncryption: 'HTTPS',
  checkHttp2: 'HTTP/2',
  checkMixedContent: 'Mixed content',
  checkServerSignature: 'Server signature',
  checkUnsafeCrossOriginLinks: 'Unsafe cross-origin links',
  checkHtst: 'HSTS header',
  checkPlaintextEmail: 'Plain-text e-mail addresses',
  checkStructuredData: 'Structured data',
  checkMetaViewport: 'Viewport',
  checkCharset: 'Character set',
  checkSitemap: 'Sitemap',
  checkSocial: 'Social links',
  checkContentLength: 'Content length',
  checkTextHtmlRatio: 'Text-to-HTML ratio',
  checkInlineCss: 'Inline CSS',
  checkDeprecatedHtmlTags: 'Deprecated HTML tags',
  checkGsb: 'Google Safe Browsing',
  checkUnnamed: 'Unnamed check',
} as const;
