// The site's own illustrations staff may pick for a service, a solution or an article (all 800×500
// SVGs in public/images; a unit test checks each file is there). Uploads are the other choice.

export const ILLUSTRATION_SIZE = { width: 800, height: 500 } as const

export const ILLUSTRATIONS = [
  '/images/services/managed-it.svg',
  '/images/services/network.svg',
  '/images/services/cybersecurity.svg',
  '/images/services/cloud.svg',
  '/images/services/voip.svg',
  '/images/services/internet.svg',
  '/images/services/software.svg',
  '/images/services/dealership.svg',
  '/images/solutions/healthcare.svg',
  '/images/solutions/finance.svg',
  '/images/solutions/legal.svg',
  '/images/solutions/manufacturing.svg',
  '/images/solutions/automotive.svg',
  '/images/news/default.svg',
  '/images/news/small-business-tech-trends-2025.svg',
  '/images/news/data-fencing.svg',
  '/images/news/small-businesses-beware.svg',
  '/images/news/outsourcing-it.svg',
  '/images/news/mobile-device-management.svg',
  '/images/news/stay-ahead-phishers.svg',
  '/images/news/windows-defender-update.svg',
  '/images/news/ftc-safeguards-rule.svg',
] as const

export function isIllustration(path: string): boolean {
  return (ILLUSTRATIONS as readonly string[]).includes(path)
}

/** Each illustration's name in plain words, for the editor's picture choices. */
const NAMES: Record<string, string> = {
  'managed-it': 'Managed IT',
  network: 'Network',
  cybersecurity: 'Cybersecurity',
  cloud: 'Cloud',
  voip: 'VoIP phones',
  internet: 'Internet',
  software: 'Software',
  dealership: 'Dealership',
  healthcare: 'Healthcare',
  finance: 'Finance',
  legal: 'Legal',
  manufacturing: 'Manufacturing',
  automotive: 'Automotive',
  default: 'Company logo',
  'small-business-tech-trends-2025': 'Tech trends',
  'data-fencing': 'Data fencing',
  'small-businesses-beware': 'Warning sign',
  'outsourcing-it': 'Outsourcing IT',
  'mobile-device-management': 'Mobile devices',
  'stay-ahead-phishers': 'Phishing',
  'windows-defender-update': 'Windows Defender',
  'ftc-safeguards-rule': 'FTC Safeguards Rule',
}

export function illustrationName(path: string): string {
  const file = path
    .split('/')
    .pop()!
    .replace(/\.svg$/, '')
  return NAMES[file] ?? file.replaceAll('-', ' ')
}
