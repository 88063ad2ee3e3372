// The business facts shown across the site (footer, contact section, structured data, legal pages).
// One place, so the phone number or hours never disagree between pages.

export const BUSINESS = {
  name: 'Roswell IT Solutions',
  shortName: 'Roswell IT',
  tagline: 'Managed IT, cybersecurity and communications for Georgia businesses and dealerships',
  phone: { display: '(888) 555-0142', href: 'tel:+18885550142', e164: '+18885550142' },
  email: 'support@roswellitsolutions.com',
  address: {
    street: '1080 Holcomb Bridge Road, Suite 200',
    locality: 'Roswell',
    region: 'GA',
    regionName: 'Georgia',
    postalCode: '30076',
    country: 'US',
  },
  hours: {
    weekdays: 'Monday - Friday: 8:30 AM - 5:30 PM ET',
    weekend: 'Saturday - Sunday: Closed',
    opens: '08:30',
    closes: '17:30',
    days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  },
  social: [
    { name: 'Facebook', href: 'https://www.facebook.com/' },
    { name: 'X', href: 'https://x.com/' },
    { name: 'LinkedIn', href: 'https://www.linkedin.com/' },
  ],
  trustedBy: '2000+',
} as const

/** The postal address as it is printed everywhere (footer, contact section, legal pages). */
export const ADDRESS_LINES = [
  BUSINESS.address.street,
  `${BUSINESS.address.locality}, ${BUSINESS.address.region} ${BUSINESS.address.postalCode}`,
] as const

export const CLOUD_BACKUP_NAME = `${BUSINESS.shortName} Cloud Backup`

export function copyrightLine(now: Date = new Date()) {
  return `© ${now.getFullYear()} ${BUSINESS.name}. All rights reserved.`
}
