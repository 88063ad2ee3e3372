// Content for the static legal pages: /privacy-policy, /terms-of-service, /security-policy.
// Pure data module: no imports, no side effects. Links to our own pages are written [words](/path)
// (content/inline-links.ts).

export type LegalSection = { id: string; heading: string; paragraphs: string[]; bullets?: string[] }

export type LegalDocument = {
  slug: 'privacy-policy' | 'terms-of-service' | 'security-policy'
  title: string
  description: string
  lastUpdated: 'May 13, 2025'
  sections: LegalSection[]
}

const contactParagraph =
  'To reach us, use our [contact form](/#contact) or the e-mail address and phone number shown in the site footer. Our team responds during business hours, Monday to Friday, 8:30 AM to 5:30 PM Eastern time.'

export const privacyPolicy: LegalDocument = {
  slug: 'privacy-policy',
  title: 'Privacy Policy',
  description:
    'How we collect, use, share and protect the personal information you provide when you visit our website, contact our team or purchase managed IT services.',
  lastUpdated: 'May 13, 2025',
  sections: [
    {
      id: 'introduction',
      heading: 'Introduction',
      paragraphs: [
        'We provide managed IT, cybersecurity, cloud, communications and dealership technology services to businesses from our base in Roswell, Georgia. We respect your privacy and are committed to protecting the personal information you share with us.',
        'This Privacy Policy explains what information we collect when you use our website, contact us, chat with our support team or purchase a service plan, how we use that information and the choices you have. By using our website, you agree to the practices described here.',
      ],
    },
    {
      id: 'information-we-collect',
      heading: 'Information We Collect',
      paragraphs: [
        'We collect information you give us directly and a limited amount of technical information collected automatically when you use the website.',
      ],
      bullets: [
        'Contact details such as your name, e-mail address and phone number when you submit the contact form or start a support chat',
        'The service you are interested in and the content of the messages you send us',
        'Order details such as the plan, add-ons, number of users and billing e-mail address when you make a purchase',
        'Technical information such as IP address, browser type, pages visited, response times and the date and time of each request, recorded in our access logs',
      ],
    },
    {
      id: 'how-we-use-your-information',
      heading: 'How We Use Your Information',
      paragraphs: [
        'We use your information to respond to enquiries, provide support, process orders and deliver the services you purchase. We also use it to send service-related communications, such as order confirmations, billing notices and important changes to our services.',
        'Technical information helps us keep the website secure, detect abuse, troubleshoot problems and understand which pages are most useful so we can improve them. We do not sell your personal information.',
        'We keep personal information only as long as we need it: messages sent through the contact form for two years (730 days) after they arrive; support chat conversations for one year (365 days) after their last message; copies of the e-mails and notifications we send for 30 days after they are delivered; and our website access logs for 30 days. Order records are kept as long as accounting and tax law requires; if you ask us to delete your data, we remove your name, e-mail address and phone number from them and keep only the plan, amounts and dates.',
      ],
    },
    {
      id: 'information-sharing',
      heading: 'Information Sharing',
      paragraphs: [
        'We share personal information only with trusted service providers that help us operate our business, such as our payment processor, hosting provider and communication tools, and only to the extent needed for them to perform those services on our behalf. These providers are required to protect your information and may not use it for their own purposes.',
        'We may also disclose information when required by law, to respond to valid legal process, to protect the rights, property or safety of our company, our clients or others, or in connection with a merger, acquisition or sale of all or part of our business.',
      ],
    },
    {
      id: 'data-security',
      heading: 'Data Security',
      paragraphs: [
        'We use administrative, technical and physical safeguards to protect personal information, including encrypted connections, access controls and monitoring of our systems. Payment card details are entered into and processed by a PCI DSS compliant payment processor and are never stored on our servers.',
        'No method of transmission or storage is completely secure, so we cannot guarantee absolute security. More detail is available in our Security Policy.',
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your Rights',
      paragraphs: [
        'You may ask us for a copy of the personal information we hold about you, or ask us to correct or delete it, or to stop sending you non-essential communications. Depending on where you live, you may have additional rights under applicable law.',
        'To make a request, contact us using the details below, preferably from the e-mail address you used with us, and tell us that address and any phone number you gave us. We may need to verify your identity before acting on a request. We then answer within 30 days: with a copy of everything we hold under that address as one file, or by deleting your enquiries, chat conversations and the e-mails we sent about them. We may keep certain information where we are required to do so by law or for legitimate business purposes such as billing records, as described above; our payment processor keeps its own records of payments.',
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies',
      paragraphs: [
        'Our website uses cookies and similar browser storage that are necessary for it to function, for example to keep you signed in to restricted areas and to complete secure payments. Our payment processor may set its own cookies to help prevent fraud.',
        'You can control or delete cookies through your browser settings. Blocking essential cookies may prevent parts of the website, such as checkout, from working correctly.',
      ],
    },
    {
      id: 'changes-to-this-policy',
      heading: 'Changes to This Policy',
      paragraphs: [
        'We may update this Privacy Policy from time to time to reflect changes in our practices, services or legal requirements. When we do, we will revise the last updated date at the top of this page. We encourage you to review this policy periodically.',
      ],
    },
    {
      id: 'contact-us',
      heading: 'Contact Us',
      paragraphs: [
        'If you have questions about this Privacy Policy or how we handle your personal information, please get in touch.',
        contactParagraph,
      ],
    },
  ],
}

export const termsOfService: LegalDocument = {
  slug: 'terms-of-service',
  title: 'Terms of Service',
  description:
    'The terms that govern use of our website and the purchase of our managed IT, cybersecurity, cloud and communications services, including payment and billing.',
  lastUpdated: 'May 13, 2025',
  sections: [
    {
      id: 'introduction',
      heading: 'Introduction',
      paragraphs: [
        'These Terms of Service govern your access to and use of our website and the services we provide. By using the website, submitting an enquiry or purchasing a service plan, you agree to these terms. If you are accepting them on behalf of a business, you confirm that you are authorized to bind that business.',
        'If you do not agree with these terms, please do not use the website or our services.',
      ],
    },
    {
      id: 'services',
      heading: 'Services',
      paragraphs: [
        'We provide IT managed services, network support, cybersecurity, cloud services, telecommunications, VoIP, internet services, software development, technical support and technology solutions for automotive dealerships. The specific services, features and service levels included in your plan are described on our website at the time of purchase or in a separate written agreement.',
        'We may change, improve or discontinue features of our services from time to time. Where a change materially reduces the services you have paid for, we will give you reasonable notice.',
      ],
    },
    {
      id: 'user-accounts',
      heading: 'User Accounts',
      paragraphs: [
        'Some services require accounts for you or your staff. You are responsible for providing accurate information, keeping credentials confidential and for all activity that occurs under your accounts.',
        'Please notify us promptly of any unauthorized use of an account or any suspected security incident. We may suspend accounts that are used in violation of these terms or that put the security of our systems or other clients at risk.',
      ],
    },
    {
      id: 'payment-terms',
      heading: 'Payment Terms',
      paragraphs: [
        'Service plans and add-ons are billed monthly on a recurring basis in US dollars. By purchasing a plan, you authorize us to charge your credit card each month for the plan price plus any selected add-ons, such as office-suite licenses and cloud backup, until the subscription is cancelled.',
        'Payments are processed by a PCI DSS compliant payment processor; we do not store full card numbers on our servers. Prices exclude any applicable taxes. If a payment fails, we may suspend services after notifying you and giving you a reasonable opportunity to update your payment details.',
      ],
    },
    {
      id: 'intellectual-property',
      heading: 'Intellectual Property',
      paragraphs: [
        'The website and its content, including text, graphics, logos and software, belong to us or our licensors and are protected by intellectual property laws. You may view and print pages for your own business use, but you may not copy, modify, distribute or create derivative works without our written permission.',
        'Third-party software and services provided as part of a plan, such as Microsoft 365 licenses, remain subject to the terms of their respective publishers.',
      ],
    },
    {
      id: 'user-conduct',
      heading: 'User Conduct',
      paragraphs: ['When using our website and services, you agree not to:'],
      bullets: [
        'Break the law or infringe the rights of others',
        'Attempt to gain unauthorized access to our systems, accounts or data, or to those of other clients',
        'Introduce malware or interfere with the operation or security of the website or services',
        'Send spam, fraudulent or abusive content through our forms, chat or communication services',
        'Resell or share services with third parties except as permitted in writing',
      ],
    },
    {
      id: 'limitation-of-liability',
      heading: 'Limitation of Liability',
      paragraphs: [
        'To the fullest extent permitted by law, we are not liable for any indirect, incidental, special, consequential or punitive damages, or for loss of profits, revenue, data or business opportunity, arising from your use of the website or services.',
        'Our total liability for any claim relating to the services is limited to the amount you paid us for the affected services in the three months before the event giving rise to the claim. Nothing in these terms limits liability that cannot be limited under applicable law.',
      ],
    },
    {
      id: 'indemnification',
      heading: 'Indemnification',
      paragraphs: [
        'You agree to indemnify and hold harmless our company, its officers, employees and partners from any claims, losses, liabilities and expenses, including reasonable legal fees, arising from your breach of these terms, your misuse of the services or your violation of any law or the rights of a third party.',
      ],
    },
    {
      id: 'changes-to-terms',
      heading: 'Changes to Terms',
      paragraphs: [
        'We may update these Terms of Service from time to time. The updated version will be posted on this page with a new last updated date. Continuing to use the website or services after changes take effect means you accept the revised terms.',
      ],
    },
    {
      id: 'governing-law',
      heading: 'Governing Law',
      paragraphs: [
        'These terms are governed by the laws of the State of Georgia, without regard to its conflict of laws rules. Any dispute arising from these terms or the services will be brought exclusively in the state or federal courts located in Fulton County, Georgia, and you consent to the jurisdiction of those courts.',
      ],
    },
    {
      id: 'contact-us',
      heading: 'Contact Us',
      paragraphs: ['If you have questions about these Terms of Service, please get in touch.', contactParagraph],
    },
  ],
}

export const securityPolicy: LegalDocument = {
  slug: 'security-policy',
  title: 'Security Policy',
  description:
    'How we protect client data and our systems: encryption, network security, secure development, PCI DSS compliant payments, incident response and responsible disclosure.',
  lastUpdated: 'May 13, 2025',
  sections: [
    {
      id: 'our-commitment',
      heading: 'Our Commitment',
      paragraphs: [
        'Security is at the core of the managed IT and cybersecurity services we deliver, and we hold our own systems to the same standards we recommend to our clients. This policy describes the measures we use to protect the information entrusted to us through our website and services.',
        'We review and update these practices regularly as threats, technology and industry standards change.',
      ],
    },
    {
      id: 'data-protection',
      heading: 'Data Protection',
      paragraphs: [
        'Information sent to and from our website is encrypted in transit using TLS. Client data we store is protected with encryption at rest where supported, and access is limited to staff who need it to do their jobs.',
        'We protect staff accounts with strong authentication, including multi-factor authentication for administrative access, and we review access rights regularly. Data we no longer need is deleted or securely disposed of.',
      ],
    },
    {
      id: 'network-security',
      heading: 'Network Security',
      paragraphs: [
        'Our infrastructure is protected by firewalls, endpoint protection and continuous monitoring. Systems are kept current with security updates, and we log access to our website and services so unusual activity can be detected and investigated.',
      ],
    },
    {
      id: 'secure-development',
      heading: 'Secure Development',
      paragraphs: [
        'Software we build follows secure development practices, including code review, validation of user input, management of third-party dependencies and separation of development and production environments. Secrets such as keys and passwords are kept out of source code.',
      ],
    },
    {
      id: 'payment-security',
      heading: 'Payment Security',
      paragraphs: [
        "Card payments are handled by a PCI DSS Level 1 certified payment processor. Card details are entered into the processor's secure payment fields and sent directly to the processor; they are never stored on our servers.",
        'We receive only the information needed to manage your subscription, such as the payment status and a reference to the transaction.',
      ],
    },
    {
      id: 'incident-response',
      heading: 'Incident Response',
      paragraphs: [
        'We maintain an incident response plan for identifying, containing and recovering from security events. If an incident affects your information, we will notify you without unreasonable delay and in line with applicable law, explain what happened and describe the steps we are taking.',
      ],
    },
    {
      id: 'responsible-disclosure',
      heading: 'Responsible Disclosure',
      paragraphs: [
        'If you believe you have found a security vulnerability in our website or services, please report it to us using our [contact form](/#contact) or the e-mail address shown in the site footer. Include enough detail for us to reproduce the issue.',
        'We ask that you give us reasonable time to investigate and fix the issue before disclosing it publicly, and that you do not access, modify or delete data that does not belong to you or disrupt our services while testing. We appreciate good-faith reports and will respond promptly.',
      ],
    },
    {
      id: 'business-information',
      heading: 'Business Information',
      paragraphs: [
        'We are an IT managed services company based in Roswell, Georgia. Our support hours are 8:30 AM to 5:30 PM ET, Monday to Friday; we are closed on Saturday and Sunday.',
        'For security questions or reports, use our [contact form](/#contact) or the e-mail address and phone number shown in the site footer.',
      ],
    },
  ],
}

/** All legal documents, in the order they appear in the footer. */
export const legalDocuments: LegalDocument[] = [privacyPolicy, termsOfService, securityPolicy]
