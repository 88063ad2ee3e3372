// Sample catalogue written for a managed-services provider in Roswell, Georgia.
// Ids are fixed so links such as /checkout/2 survive a re-seed.

export const seedServices = [
  {
    id: 1,
    name: 'Managed IT Services',
    shortDescription: 'Proactive monitoring, patching and help desk for a flat monthly fee.',
    description:
      'We become your IT department: 24/7 monitoring, patch management, asset tracking and a friendly help desk that answers the phone. Problems get fixed before your team notices them.',
    price: 99,
    image: '/images/services/managed-it.svg',
    features: ['24/7 monitoring and alerting', 'Patch and update management', 'Unlimited remote help desk', 'Quarterly technology reviews'],
  },
  {
    id: 2,
    name: 'Network Support & Maintenance',
    shortDescription: 'Fast, reliable and documented networks, wired and wireless.',
    description:
      'Design, installation and upkeep of switches, firewalls and Wi-Fi for offices, showrooms and service bays, with documentation your next technician can actually read.',
    price: 149,
    image: '/images/services/network.svg',
    features: ['Firewall and switch management', 'Business-grade Wi-Fi design', 'Network documentation', 'Performance monitoring'],
  },
  {
    id: 3,
    name: 'Cybersecurity Services',
    shortDescription: 'Layered protection, training and compliance for regulated businesses.',
    description:
      'Endpoint detection and response, e-mail filtering, multi-factor authentication and staff phishing training, mapped to the FTC Safeguards Rule, HIPAA and cyber-insurance questionnaires.',
    price: 199,
    image: '/images/services/cybersecurity.svg',
    features: [
      'Managed EDR and antivirus',
      'Phishing simulations and training',
      'Multi-factor authentication rollout',
      'Compliance and insurance reporting',
    ],
  },
  {
    id: 4,
    name: 'Cloud Services',
    shortDescription: 'Microsoft 365, Azure and cloud backup, migrated and managed.',
    description:
      'Move file servers, e-mail and line-of-business apps to the cloud without losing a weekend. We migrate, secure and back up Microsoft 365 and Azure workloads and keep licences tidy.',
    price: 129,
    image: '/images/services/cloud.svg',
    features: [
      'Microsoft 365 migration and management',
      'Azure and hybrid infrastructure',
      'Cloud backup with tested restores',
      'Licence optimisation',
    ],
  },
  {
    id: 5,
    name: 'VoIP & Telecommunications',
    shortDescription: 'Business phone systems, Teams calling and call routing that just works.',
    description:
      'Hosted VoIP and Microsoft Teams Phone with auto-attendants, call queues, number porting and desk phones, so customers reach the right person the first time.',
    price: 79,
    image: '/images/services/voip.svg',
    features: [
      'Hosted VoIP and Teams Phone',
      'Number porting and auto-attendants',
      'Call queues and reporting',
      'Cellular and SIP trunk options',
    ],
  },
  {
    id: 6,
    name: 'Internet & Connectivity',
    shortDescription: 'Fibre, broadband and failover circuits sourced and managed for you.',
    description:
      'We compare carriers, order circuits, manage installs and add automatic failover so a cut cable in the street does not stop your sales floor.',
    price: 59,
    image: '/images/services/internet.svg',
    features: [
      'Carrier-neutral circuit sourcing',
      '4G/5G and dual-ISP failover',
      'SD-WAN for multiple sites',
      'Single point of contact for outages',
    ],
  },
  {
    id: 7,
    name: 'Software Development',
    shortDescription: 'Integrations, automations and small business apps built to last.',
    description:
      'Custom integrations between your CRM, accounting and line-of-business systems, workflow automation with Power Platform, and web applications maintained by the people who built them.',
    price: 149,
    image: '/images/services/software.svg',
    features: [
      'System integrations and APIs',
      'Power Automate workflows',
      'Web and internal applications',
      'Ongoing maintenance and support',
    ],
  },
  {
    id: 8,
    name: 'Dealership Systems Integration',
    shortDescription: 'DMS, showroom displays and service-drive technology for car dealerships.',
    description:
      'From DMS connectivity and OEM compliance to showroom displays, kiosks and service-lane check-in, we integrate the systems that keep a dealership selling and servicing.',
    price: 249,
    image: '/images/services/dealership.svg',
    features: [
      'DMS and OEM network connectivity',
      'Showroom displays and kiosks',
      'Service drive check-in technology',
      'FTC Safeguards Rule support',
    ],
  },
]

export const seedSolutions = [
  {
    id: 1,
    name: 'Healthcare IT',
    industry: 'Healthcare',
    description:
      'HIPAA-minded infrastructure for clinics and practices: secure records access, encrypted devices and dependable uptime for patient care.',
    image: '/images/solutions/healthcare.svg',
    features: ['HIPAA risk assessments', 'EHR connectivity and support', 'Encrypted devices and e-mail'],
  },
  {
    id: 2,
    name: 'Financial Services IT',
    industry: 'Finance',
    description: 'Security and compliance for advisers, accountants and lenders, with audit-ready documentation and protected client data.',
    image: '/images/solutions/finance.svg',
    features: ['GLBA and SEC-aligned controls', 'Secure client portals', 'Archiving and e-discovery'],
  },
  {
    id: 3,
    name: 'Legal Practice IT',
    industry: 'Legal',
    description:
      'Confidential, always-available systems for law firms: document management, secure remote work and ethical-wall friendly permissions.',
    image: '/images/solutions/legal.svg',
    features: ['Document management support', 'Secure remote access', 'Privileged data protection'],
  },
  {
    id: 4,
    name: 'Manufacturing IT',
    industry: 'Manufacturing',
    description: 'Connect the shop floor to the front office: segmented networks for machines, ERP support and downtime prevention.',
    image: '/images/solutions/manufacturing.svg',
    features: ['OT and IT network segmentation', 'ERP and MES support', 'Preventive monitoring'],
  },
  {
    id: 5,
    name: 'Automotive Dealership IT',
    industry: 'Automotive',
    description:
      'One partner for the DMS, the showroom, the service drive and the FTC Safeguards Rule, trusted by dealerships across metro Atlanta.',
    image: '/images/solutions/automotive.svg',
    features: ['FTC Safeguards Rule programmes', 'DMS and OEM connectivity', 'Showroom and service-lane technology'],
  },
]

export const seedPlans = [
  {
    id: 1,
    name: 'Essential',
    price: 299,
    description: 'Core monitoring and support for small offices getting organised.',
    popular: false,
    features: [
      'Up to 10 devices monitored',
      'Business-hours help desk',
      'Patch management',
      'Antivirus and e-mail filtering',
      'Monthly health report',
    ],
  },
  {
    id: 2,
    name: 'Professional',
    price: 599,
    description: 'Complete managed IT and security for growing teams.',
    popular: true,
    features: [
      'Up to 25 devices monitored',
      'Unlimited remote help desk',
      'Managed EDR and MFA',
      'Cloud backup management',
      'Phishing training for staff',
      'Quarterly technology reviews',
    ],
  },
  {
    id: 3,
    name: 'Enterprise',
    price: 1199,
    description: 'Dedicated support, compliance and on-site service for multi-site businesses.',
    popular: false,
    features: [
      'Unlimited devices monitored',
      '24/7 priority support with on-site visits',
      'Dedicated account engineer',
      'Compliance programme (FTC, HIPAA)',
      'Disaster recovery planning',
      'Network and firewall management',
    ],
  },
]

export const seedTestimonials = [
  {
    id: 1,
    name: 'Dana Whitfield',
    company: 'Whitfield Family Dentistry',
    comment: 'They moved our whole practice to Microsoft 365 over a weekend and our front desk did not lose a single appointment.',
    rating: 5,
  },
  {
    id: 2,
    name: 'Marcus Bell',
    company: 'North Fulton Motors',
    comment: 'Our Safeguards Rule audit used to be a scramble. Now we have the documentation, the MFA and a team that answers the phone.',
    rating: 5,
  },
  {
    id: 3,
    name: 'Priya Raman',
    company: 'Raman & Cole CPAs',
    comment: 'Tax season used to mean printer and VPN emergencies. This year we did not think about IT once.',
    rating: 5,
  },
  {
    id: 4,
    name: 'Tom Alvarez',
    company: 'Chattahoochee Fabrication',
    comment: 'They separated our shop-floor machines from the office network and our downtime dropped noticeably.',
    rating: 4,
  },
]
