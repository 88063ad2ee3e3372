import { getEnv } from '#app/lib/config/env.server'
import { BUSINESS } from '#app/domain/business'

/** How long a fetched copy stays valid (RFC 9116 asks for less than a year). */
const VALID_DAYS = 180

/**
 * RFC 9116's security.txt: where to report a vulnerability. Its contacts are the business facts
 * the site shows everywhere, so it is generated with them and its expiry moves with each day it is
 * served, while the text stays true.
 */
export function securityTxt(siteUrl: string, now = new Date()) {
  const expires = new Date(now.getTime() + VALID_DAYS * 24 * 60 * 60 * 1000)
  expires.setUTCHours(0, 0, 0, 0)
  return [
    `Contact: mailto:${BUSINESS.email}`,
    `Contact: ${BUSINESS.phone.href}`,
    `Expires: ${expires.toISOString()}`,
    'Preferred-Languages: en',
    `Canonical: ${siteUrl}/.well-known/security.txt`,
    `Policy: ${siteUrl}/security-policy#responsible-disclosure`,
    '',
  ].join('\n')
}

export function loader() {
  return new Response(securityTxt(getEnv().SITE_URL), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  })
}
