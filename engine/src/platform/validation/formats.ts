import validator from 'validator';

/** The `work-email` format: an address with a domain that has a top-level part, no IP address and no display name. */
export function isWorkEmail(value: string): boolean {
  return validator.isEmail(value, { require_tld: true, allow_ip_domain: false, allow_display_name: false });
}

/** The `web-url` format: an http or https address of a named host, without credentials. */
export function isWebUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.') && !url.username && !url.password;
}
