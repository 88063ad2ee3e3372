// News content for the /news pages and the nine cards on the home page: prose, not rules, so it
// lives in app/content/, apart from the rules in app/domain/.
// Pure data module: no imports, no side effects.

export type NewsSection = { heading?: string; paragraphs: string[]; bullets?: string[] }

export type NewsArticle = {
  id: number
  slug: string
  title: string
  /** Display text, e.g. 'June 3, 2025'. */
  date: string
  /** ISO date, e.g. '2025-06-03'. */
  isoDate: string
  /** One or two sentences for cards and meta descriptions. */
  excerpt: string
  /** '/images/news/<slug>.svg', or null to use the default logo image. */
  image: string | null
  /** 'feature' is used only by small-business-tech-trends-2025. */
  layout: 'standard' | 'feature'
  body: NewsSection[]
  /** True for the nine cards shown in the home page News section. */
  featuredOnHome: boolean
}

/** All ten articles, newest first. */
export const newsArticles: NewsArticle[] = [
  {
    id: 1,
    slug: 'small-business-tech-trends-2025',
    title: 'Small Business Tech Trends for 2025: What to Plan for Now',
    date: 'June 3, 2025',
    isoDate: '2025-06-03',
    excerpt:
      'AI assistants, the end of Windows 10 support and rising security expectations are reshaping IT for small businesses. Here are the 2025 trends worth planning and budgeting for now.',
    image: '/images/news/small-business-tech-trends-2025.svg',
    layout: 'feature',
    featuredOnHome: true,
    body: [
      {
        paragraphs: [
          'Halfway through 2025, the technology conversation for small and mid-size businesses has shifted. The question is no longer whether to move to the cloud or adopt new tools, but how to get real value from the tools you already pay for while keeping the business secure.',
          'Below are the trends we see most often with the businesses and dealerships we support, along with practical steps you can take in the second half of the year.',
        ],
      },
      {
        heading: 'AI assistants become everyday tools',
        paragraphs: [
          'AI assistants built into email, documents and meeting software can now draft replies, summarize long threads and pull together notes from a call. Used well, they save real time on routine work.',
          'The catch is data access. An assistant can usually see whatever the signed-in user can see, so messy file permissions become a bigger problem. Before rolling out AI features, review who has access to shared folders and write a short acceptable use policy that explains what staff may and may not paste into public AI tools.',
        ],
      },
      {
        heading: 'Windows 10 reaches end of support',
        paragraphs: [
          'Microsoft ends support for Windows 10 on October 14, 2025. After that date, computers still running it stop receiving regular security updates, which makes them an easy target and can cause problems with cyber insurance and compliance requirements.',
          'Some older computers cannot run Windows 11 because of hardware requirements such as TPM 2.0 and a supported processor. Now is the time to take an inventory, find out which machines can be upgraded and budget for the ones that need replacing, rather than scrambling in the fall.',
        ],
      },
      {
        heading: 'Security expectations keep rising',
        paragraphs: [
          'Insurers, regulators, banks and larger customers increasingly ask small businesses to prove they have basic security controls in place. What used to be best practice is quickly becoming a minimum requirement:',
        ],
        bullets: [
          'Multi-factor authentication on email, remote access and admin accounts',
          'Endpoint detection and response on every computer and server',
          'Backups that are tested and kept separate from the main network',
          'Regular security awareness training for all staff',
          'A written incident response plan that people have actually read',
        ],
      },
      {
        heading: 'Cloud consolidation and license clean-up',
        paragraphs: [
          'Many businesses have collected overlapping subscriptions over the years: two file-sharing services, a separate chat app, an old phone system and licenses for people who left long ago. Consolidating onto a platform such as Microsoft 365 and reviewing licenses can reduce costs and make the environment easier to secure.',
        ],
      },
      {
        heading: 'Predictable IT budgets',
        paragraphs: [
          'With hardware refresh cycles, subscription price changes and new security requirements all landing at once, more owners are moving to a flat monthly managed services model. It turns surprise repair bills into a predictable line item and puts a team in charge of planning ahead.',
        ],
      },
      {
        heading: 'Plan your next six months',
        paragraphs: [
          'You do not have to tackle every trend at once. Start with the items that carry a deadline or a real risk, such as Windows 10 devices and missing multi-factor authentication, then work toward the rest.',
          'Our team can review your current setup, build a prioritized technology roadmap and help you put it into action. Get in touch today to schedule a conversation.',
        ],
      },
    ],
  },
  {
    id: 2,
    slug: 'data-fencing',
    title: 'Data Fencing: Control Where Your Business Data Can Be Accessed',
    date: 'May 1, 2025',
    isoDate: '2025-05-01',
    excerpt:
      'Data fencing uses location, device and network rules to decide where company data can be opened. Learn how it works and why it is one of the simplest ways to blunt the impact of stolen passwords.',
    image: '/images/news/data-fencing.svg',
    layout: 'standard',
    featuredOnHome: true,
    body: [
      {
        paragraphs: [
          'Most data breaches at small businesses do not start with a sophisticated hack. They start with a stolen password used from somewhere the business has never operated. Data fencing, sometimes called geofencing for data, is a way to make a stolen password far less useful.',
        ],
      },
      {
        heading: 'What is data fencing?',
        paragraphs: [
          'Data fencing means drawing a boundary around your business information and allowing access only when a sign-in meets conditions you define. Those conditions can include where the user is, which device they are using and which network they are connecting from.',
          'In Microsoft 365, this is typically done with conditional access policies. Other cloud platforms and firewalls offer similar controls. The idea is the same everywhere: a correct password alone is not enough.',
        ],
      },
      {
        heading: 'Common rules we put in place',
        paragraphs: ['A good data fence is usually built from a handful of simple rules:'],
        bullets: [
          'Block sign-ins from countries where the business has no staff or customers',
          'Treat the office and store networks as trusted locations and require extra checks elsewhere',
          'Allow access to sensitive systems only from company-managed, up-to-date devices',
          'Limit downloads or require browser-only access on personal devices',
          'Require multi-factor authentication for every sign-in from an unfamiliar location',
        ],
      },
      {
        heading: 'Why it matters for small businesses and dealerships',
        paragraphs: [
          'Small businesses hold more sensitive data than they often realize: payroll records, customer contact details, bank information and, for dealerships, credit applications and driver license scans. Attackers know this and routinely try stolen credentials against email and cloud apps.',
          'A data fence stops many of those attempts before they start. Even if an employee falls for a phishing email, the attacker signing in from overseas or from an unknown laptop is turned away, and the attempt is logged for review.',
        ],
      },
      {
        heading: 'Rolling it out without locking people out',
        paragraphs: [
          'The biggest risk with data fencing is blocking legitimate work. We recommend starting new policies in a report-only mode, reviewing what would have been blocked and adjusting before enforcing. Plan for staff who travel, keep an emergency administrator account that is excluded from the rules and stored securely, and document the exceptions you make.',
          'Data fencing is also not a replacement for other controls. Location can be disguised with a VPN, so it works best alongside multi-factor authentication, endpoint protection and good user training.',
        ],
      },
      {
        heading: 'Next steps',
        paragraphs: [
          'If you are not sure where your business data can be accessed from today, that is the first question to answer. Our team can review your sign-in logs, design sensible policies for your locations and devices, and roll them out in stages so your staff keep working while the door closes on attackers. Contact us to get started.',
        ],
      },
    ],
  },
  {
    id: 3,
    slug: 'small-businesses-beware',
    title: 'Small Businesses Beware: Your Cyber Insurance Claim Could Be Denied',
    date: 'April 23, 2025',
    isoDate: '2025-04-23',
    excerpt:
      "Cyber insurers now expect specific security controls before they pay a claim. If your application says you have MFA, backups or endpoint protection and you don't, a claim could be denied.",
    image: '/images/news/small-businesses-beware.svg',
    layout: 'standard',
    featuredOnHome: true,
    body: [
      {
        paragraphs: [
          'Cyber insurance used to be a simple add-on to a business policy. Today, insurers have paid out enough ransomware and fraud claims that they ask detailed questions before writing a policy and look closely at those answers after an incident.',
          'For small businesses, that creates a real risk: paying premiums for years, suffering an attack and then learning the claim will not be paid because a required security control was missing.',
        ],
      },
      {
        heading: 'What insurers are asking for',
        paragraphs: ['Questions vary by carrier, but most applications and renewals now ask about controls like these:'],
        bullets: [
          'Multi-factor authentication for email, remote access and administrator accounts',
          'Endpoint detection and response software on computers and servers',
          'Regular, tested backups stored offline or in a separate, protected location',
          'Timely installation of security updates',
          'Security awareness and phishing training for employees',
          'Procedures for verifying changes to payment or banking instructions',
        ],
      },
      {
        heading: 'How claims get denied',
        paragraphs: [
          'The most common problem is a mismatch between the application and reality. An owner checks yes for multi-factor authentication because it is turned on for most people, but the account that was breached did not have it. Or backups were configured years ago and quietly stopped working. After a loss, the insurer may treat those answers as a misrepresentation.',
          'Policies also contain exclusions and conditions that are easy to overlook, such as limits on social engineering fraud or requirements to notify the insurer quickly and use approved response vendors.',
        ],
      },
      {
        heading: 'Read the application with your IT provider',
        paragraphs: [
          'The person filling out the insurance application is often not the person who manages the technology. Before you sign, go through every security question with whoever runs your IT and confirm the answer is true for every user, every device and every location, not just most of them.',
        ],
      },
      {
        heading: 'Keep the evidence',
        paragraphs: [
          'Being secure is only half the job; you also need to be able to show it. Keep simple records: reports showing multi-factor authentication coverage, backup test results, patch status, training completion and your incident response plan. If a claim is ever questioned, that documentation matters.',
        ],
      },
      {
        heading: 'Protect your coverage',
        paragraphs: [
          'Our team helps businesses close the gaps insurers care about, answer applications accurately and keep the reports that prove controls are in place. If your renewal is coming up, or you are not certain every answer on your last application is still true, contact us for a review before you need to file a claim.',
        ],
      },
    ],
  },
  {
    id: 4,
    slug: 'outsourcing-it',
    title: 'The Real Benefits of Outsourcing IT for Small and Mid-Size Businesses',
    date: 'April 15, 2025',
    isoDate: '2025-04-15',
    excerpt:
      'Managed IT services give growing businesses a full team of specialists, predictable monthly costs and proactive security, without the expense of building an in-house department from scratch.',
    image: '/images/news/outsourcing-it.svg',
    layout: 'standard',
    featuredOnHome: true,
    body: [
      {
        paragraphs: [
          'Every business runs on technology, but few small and mid-size companies can justify a full in-house IT department. Often the job falls to a tech-savvy office manager or a single IT person who is expected to handle everything from printers to cybersecurity.',
          'Outsourcing IT to a managed services provider is a practical alternative. Here is what it really offers and how to decide whether it fits your business.',
        ],
      },
      {
        heading: 'Predictable costs',
        paragraphs: [
          'With a managed services agreement you pay a flat monthly fee that covers monitoring, maintenance, support and security tools. Instead of large, unexpected repair bills, IT becomes a predictable line item that is easier to budget and easier to scale as you add staff or locations.',
        ],
      },
      {
        heading: 'A whole team instead of one person',
        paragraphs: [
          'No single person can be an expert in networking, cloud platforms, security, phone systems and line-of-business software at the same time. A managed provider gives you access to a team with different specialties, and coverage does not disappear when someone is on vacation or leaves the company.',
        ],
      },
      {
        heading: 'Proactive instead of reactive',
        paragraphs: [
          'The traditional break-fix model only pays a technician when something is already broken. Managed services flip that incentive. Systems are monitored continuously, updates are applied on a schedule and warning signs such as a failing drive or a full server are handled before they cause downtime.',
        ],
      },
      {
        heading: 'Stronger security and compliance',
        paragraphs: [
          'Security tools and expertise that were once reserved for large enterprises are now part of most managed plans, including endpoint protection, email filtering, backup monitoring and user training. For regulated businesses such as auto dealerships, a provider can also help document controls for rules like the FTC Safeguards Rule.',
        ],
      },
      {
        heading: 'What to look for in a provider',
        paragraphs: ['Not every provider is the same. When comparing options, ask about:'],
        bullets: [
          'Response times and support hours, in writing',
          'What is included in the monthly fee and what is billed separately',
          'How they handle security, backups and disaster recovery',
          'Experience with businesses in your industry',
          'Regular reporting and planning meetings, not just support tickets',
        ],
      },
      {
        heading: 'Focus on running your business',
        paragraphs: [
          'The biggest benefit of outsourcing IT is time. When technology is handled by people who do it every day, you and your staff can focus on customers and growth. Our team provides managed IT for small businesses and dealerships across the Atlanta area and beyond. Contact us to talk about what a managed plan would look like for you.',
        ],
      },
    ],
  },
  {
    id: 5,
    slug: 'mobile-device-management',
    title: 'Mobile Device Management: Securing Business Data on Every Phone and Tablet',
    date: 'April 8, 2025',
    isoDate: '2025-04-08',
    excerpt:
      'Phones and tablets now hold company email, files and customer data. Mobile device management keeps that data protected, even when a device is lost, stolen or owned by the employee.',
    image: '/images/news/mobile-device-management.svg',
    layout: 'standard',
    featuredOnHome: true,
    body: [
      {
        paragraphs: [
          'Your employees probably check company email on their phones, open shared files on tablets and text customers from the road. That flexibility is valuable, but it also means business data now lives on devices that are easy to lose and often not managed at all.',
          'Mobile device management, or MDM, gives your business a way to secure those devices and the data on them from one central console.',
        ],
      },
      {
        heading: 'What MDM does',
        paragraphs: ['A properly configured MDM platform, such as Microsoft Intune, lets you:'],
        bullets: [
          'Require a passcode, encryption and a supported operating system version',
          'Push company apps, Wi-Fi settings and email profiles automatically',
          'See which devices access company data and whether they are compliant',
          'Lock or wipe a lost or stolen device remotely',
          'Block access to company resources from devices that fall out of compliance',
        ],
      },
      {
        heading: 'Company-owned vs. personal devices',
        paragraphs: [
          'Company-owned devices can be fully managed, which means the business controls settings, apps and updates. Personal devices need a lighter touch. Most employees will not accept their employer managing their entire phone.',
          'For bring-your-own-device situations, app protection policies are usually the better fit. They protect company data inside apps like Outlook and Teams, preventing copying into personal apps, and allow a selective wipe that removes only business data while leaving personal photos and messages untouched.',
        ],
      },
      {
        heading: 'Why dealerships should pay attention',
        paragraphs: [
          'Dealerships rely heavily on mobile devices: tablets in the service lane, phones used by salespeople to photograph documents and trade-ins, and shared devices in the showroom. Many of those devices handle customer information covered by the FTC Safeguards Rule. MDM provides the access controls, encryption and inventory that help demonstrate the dealership is protecting that data.',
        ],
      },
      {
        heading: 'Rolling out MDM',
        paragraphs: [
          'Start by inventorying the devices that access company data and deciding which are company-owned. Write a short mobile device policy that explains what the business can and cannot see on a personal phone; being transparent avoids most employee concerns. Then enroll devices in stages, starting with a small pilot group, before enforcing compliance rules for everyone.',
        ],
      },
      {
        heading: 'Get help securing your mobile devices',
        paragraphs: [
          'Our team designs and manages MDM for businesses of every size, from a handful of phones to fleets of shared tablets. Contact us to find out which of your devices can reach company data today and how to protect them without slowing your people down.',
        ],
      },
    ],
  },
  {
    id: 6,
    slug: 'active-directory',
    title: 'Active Directory Reconciliation: Clean Up Stale Accounts Before Attackers Find Them',
    date: 'March 29, 2025',
    isoDate: '2025-03-29',
    excerpt:
      'Old user accounts, forgotten service accounts and overgrown admin groups are an open door for attackers. A regular Active Directory reconciliation closes it and keeps access matched to reality.',
    image: null,
    layout: 'standard',
    featuredOnHome: true,
    body: [
      {
        paragraphs: [
          'Active Directory, and its cloud counterpart Microsoft Entra ID, decides who can sign in to your network and what they can reach. Over time, almost every directory drifts away from reality. Employees leave, roles change, vendors come and go, and the accounts they used stay behind.',
          'Directory reconciliation is the process of comparing who has access with who should have access, then fixing the differences.',
        ],
      },
      {
        heading: 'Why accounts go stale',
        paragraphs: [
          'Stale accounts rarely come from carelessness. They come from busy offboarding days, temporary accounts created for a project, shared logins set up for a front desk or a vendor, and service accounts configured years ago by someone who no longer works with the business. Each one is a valid set of credentials that nobody is watching.',
        ],
      },
      {
        heading: 'The risk of doing nothing',
        paragraphs: [
          "Attackers love unused accounts. If a former employee's password was reused elsewhere and leaked, it may still work. Because nobody uses the account, strange sign-ins go unnoticed. Accounts with old administrator rights are even more dangerous, since they can be used to disable security tools or spread ransomware across the network.",
        ],
      },
      {
        heading: 'What a reconciliation covers',
        paragraphs: ['A thorough review of your directory typically includes:'],
        bullets: [
          'Comparing enabled accounts against a current employee list from HR or payroll',
          'Finding accounts that have not signed in for an extended period',
          'Reviewing members of Domain Admins and other privileged groups',
          'Identifying shared, generic and vendor accounts and confirming an owner for each',
          'Checking service accounts and passwords set to never expire',
          'Removing old computer objects and cleaning up group memberships',
        ],
      },
      {
        heading: 'Make it a routine, not a project',
        paragraphs: [
          "A one-time clean-up helps, but the directory will drift again. Build a simple offboarding checklist that disables accounts on an employee's last day, and schedule a reconciliation at least quarterly. Remember cloud apps too: disabling a network login does not always remove access to every software-as-a-service tool the person used.",
          'For dealerships and other businesses covered by the FTC Safeguards Rule, documented access reviews also help demonstrate that access to customer information is limited to the people who need it.',
        ],
      },
      {
        heading: 'Let us help',
        paragraphs: [
          'Our team performs Active Directory and Microsoft Entra ID reconciliations, delivers a clear report of what we found and fixes issues with minimal disruption. We can also automate onboarding and offboarding so your directory stays clean. Contact us to schedule a review.',
        ],
      },
    ],
  },
  {
    id: 7,
    slug: 'stay-ahead-phishers',
    title: 'How to Stay One Step Ahead of Phishers',
    date: 'March 22, 2025',
    isoDate: '2025-03-22',
    excerpt:
      'Phishing emails are more convincing than ever, and a single click can lead to stolen funds or ransomware. Learn the warning signs and the defenses that keep your team one step ahead of scammers.',
    image: '/images/news/stay-ahead-phishers.svg',
    layout: 'standard',
    featuredOnHome: true,
    body: [
      {
        paragraphs: [
          "Phishing remains one of the most common ways attackers get into small businesses. The days of obvious scams with broken grammar are fading; today's messages often look exactly like a real invoice, a shared document or a note from your own CEO.",
          'The good news is that a mix of technology, training and simple habits stops the vast majority of attempts.',
        ],
      },
      {
        heading: 'What modern phishing looks like',
        paragraphs: ['Watch for these common tactics:'],
        bullets: [
          "Fake invoices or requests to update a vendor's banking details",
          'Shared-document notifications that lead to a counterfeit sign-in page',
          'Urgent requests from an executive asking for gift cards or a wire transfer',
          'Repeated multi-factor authentication prompts hoping someone taps Approve',
          'QR codes in emails or letters that lead to credential-stealing sites',
          'Text messages and phone calls that impersonate banks, carriers or IT support',
        ],
      },
      {
        heading: 'Technical defenses',
        paragraphs: [
          'Start with the basics. Configure SPF, DKIM and DMARC for your email domain so others cannot easily send mail that appears to come from you. Use an email security service that scans links and attachments, and turn on multi-factor authentication for every account, preferably with number matching or app-based prompts rather than text messages.',
          'Endpoint protection on every computer adds another layer if something malicious does get opened.',
        ],
      },
      {
        heading: 'Training that actually works',
        paragraphs: [
          'Annual slide-show training is easy to forget. Short, regular lessons combined with simulated phishing emails build real habits. Make it easy to report suspicious messages with a button in Outlook, and thank people who report, even when the message turns out to be harmless. A culture where staff feel safe asking is one of your strongest defenses.',
        ],
      },
      {
        heading: 'Verify anything that moves money',
        paragraphs: [
          'Business email compromise is costly because it targets payments directly. Adopt a firm rule: any change to banking details or any unusual payment request must be verified by calling a known phone number, never a number taken from the email itself.',
        ],
      },
      {
        heading: 'If someone clicks',
        paragraphs: [
          'Mistakes happen. If an employee enters a password on a suspicious page, speed matters more than blame. Change the password, revoke active sessions, check the mailbox for new forwarding rules and contact your IT provider right away.',
          "Our team helps businesses set up email security, phishing simulations and rapid response so a single click does not become a crisis. Contact us to find out how well your business would hold up against today's phishing campaigns.",
        ],
      },
    ],
  },
  {
    id: 8,
    slug: 'windows-defender-update',
    title: 'Microsoft Defender Update Issue: What It Means and What to Do',
    date: 'March 15, 2025',
    isoDate: '2025-03-15',
    excerpt:
      'A recent Microsoft Defender update has caused problems for some Windows users. Here is what to look for, why you should not simply turn protection off and how to get your computers back to normal.',
    image: '/images/news/windows-defender-update.svg',
    layout: 'standard',
    featuredOnHome: true,
    body: [
      {
        paragraphs: [
          'Microsoft Defender protects millions of Windows computers and receives frequent updates to keep up with new threats. Occasionally, one of those updates does not behave as expected. Some users have reported problems following a recent Defender update, and a few of our clients have asked what they should do.',
          'Here is a practical guide for small business owners and office managers.',
        ],
      },
      {
        heading: 'What users may notice',
        paragraphs: ['Problems after a security update tend to show up in a few familiar ways:'],
        bullets: [
          'Warnings in Windows Security that will not clear, even after a restart',
          'Legitimate business applications being flagged or blocked',
          'Slower startups or high resource use while scans run',
          'Messages saying protection is out of date or turned off',
        ],
      },
      {
        heading: 'Do not switch off your protection',
        paragraphs: [
          'When a security tool gets in the way, the tempting fix is to disable it. Please do not. Turning off real-time protection or adding broad exclusions can leave the computer exposed long after the original problem is resolved, and attackers actively look for machines in that state.',
          'Microsoft typically addresses issues like this with a follow-up update, so the safer path is to keep protection on and apply the fix as soon as it is available.',
        ],
      },
      {
        heading: 'Steps to take',
        paragraphs: ['If you are seeing unusual behavior from Defender:'],
        bullets: [
          'Run Windows Update and install all available security and Defender updates',
          'Restart the computer after updates finish',
          'Check the Microsoft 365 admin center service health page or Windows release health for known issues',
          'Note the exact error message and when it started before calling for help',
          'Contact your IT provider before adding any exclusions or changing security settings',
        ],
      },
      {
        heading: 'How managed environments handle it',
        paragraphs: [
          'In a managed environment, Defender is controlled from a central console. Your IT provider can see which computers are affected, confirm whether the issue matches a known problem, roll out fixes to every machine at once and verify that protection is healthy afterward. Updates can also be staged so a small group of devices receives them first.',
        ],
      },
      {
        heading: 'Need a hand?',
        paragraphs: [
          'If Defender is acting up on your computers, or you are not sure whether your devices are protected at all, our team can help. We monitor endpoint protection for our clients every day and respond to issues like this before they interrupt your business. Contact us for assistance.',
        ],
      },
    ],
  },
  {
    id: 9,
    slug: 'ftc-safeguards-rule',
    title: 'FTC Safeguards Rule: What Auto Dealerships Must Do Before June 2025',
    date: 'March 8, 2025',
    isoDate: '2025-03-08',
    excerpt:
      'Dealerships that arrange financing must protect customer data under the FTC Safeguards Rule. With fines of up to $46,517 per violation, here is what your store needs in place by June 2025.',
    image: '/images/news/ftc-safeguards-rule.svg',
    layout: 'standard',
    featuredOnHome: true,
    body: [
      {
        paragraphs: [
          "Auto dealerships collect some of the most sensitive data of any small business: Social Security numbers, driver license details, income information and credit reports. Because dealerships that arrange financing or leasing are considered financial institutions under the Gramm-Leach-Bliley Act, they are subject to the Federal Trade Commission's Standards for Safeguarding Customer Information, known as the Safeguards Rule.",
          'The FTC strengthened the rule with specific technical and administrative requirements, and dealerships must be compliant by June 2025. If your store has not finished the work, now is the time.',
        ],
      },
      {
        heading: 'What the rule requires',
        paragraphs: ['At a high level, the Safeguards Rule requires an information security program that includes:'],
        bullets: [
          'A Qualified Individual who oversees the program, either an employee or a service provider',
          'A written risk assessment of how customer information could be exposed',
          'Access controls so employees see only the data their job requires',
          'Encryption of customer information in transit and at rest',
          'Multi-factor authentication for anyone accessing systems with customer information',
          'Continuous monitoring, or annual penetration tests and regular vulnerability scans',
          'Security awareness training for staff',
          'Oversight of service providers that handle customer data',
          'A written incident response plan and a written annual report to leadership',
        ],
      },
      {
        heading: 'The cost of non-compliance',
        paragraphs: [
          'The stakes are significant. The FTC can seek civil penalties of up to $46,517 per violation, and a single incident can involve many violations. Beyond fines, a breach damages customer trust, triggers notification obligations and can bring scrutiny from lenders and manufacturers.',
          'The amended rule also requires financial institutions to notify the FTC of certain security events affecting the information of 500 or more consumers.',
        ],
      },
      {
        heading: 'Common gaps we see at dealerships',
        paragraphs: [
          'Most dealerships have some protections in place, but the same gaps come up again and again: shared logins in F&I and the service department, no multi-factor authentication on the dealer management system or email, unencrypted laptops, credit application scans sitting in shared folders, and no written documentation showing what the dealership actually does. Under the rule, if it is not documented, it is hard to prove it was done.',
        ],
      },
      {
        heading: 'A practical path to compliance',
        paragraphs: [
          'Start by naming your Qualified Individual and completing a written risk assessment. Use the findings to prioritize fixes, starting with multi-factor authentication, encryption and access controls. Then put the written pieces in place: the information security program, incident response plan and vendor review process. Finally, schedule the recurring work, including training, scans and the annual report, so compliance does not lapse after the first push.',
        ],
      },
      {
        heading: 'We can help your dealership get compliant',
        paragraphs: [
          'Our team works with auto dealerships on Safeguards Rule compliance, from the initial risk assessment to the technical controls and the documentation the FTC expects. We can also serve as your Qualified Individual. With the June 2025 deadline close, contact us today to schedule a compliance assessment.',
        ],
      },
    ],
  },
  {
    id: 10,
    slug: 'teams-phone-system',
    title: 'Microsoft Teams Phone: A Modern Business Phone System Built Into Teams',
    date: 'February 28, 2025',
    isoDate: '2025-02-28',
    excerpt:
      'Microsoft Teams Phone turns the app your staff already use for chat and meetings into a full business phone system, with auto attendants, call queues and voicemail on any device.',
    image: null,
    layout: 'standard',
    featuredOnHome: false,
    body: [
      {
        paragraphs: [
          'Many small businesses still run an aging on-premises phone system alongside Microsoft Teams for chat and meetings. Microsoft Teams Phone brings the two together, so staff can make and receive regular phone calls from the same app they already use every day.',
        ],
      },
      {
        heading: 'How Teams Phone works',
        paragraphs: [
          'Teams Phone is a cloud phone system delivered through Microsoft 365. Each user who needs a phone number requires a Teams Phone license, which is included in some enterprise plans and available as an add-on for others.',
          'To connect to the public phone network, you also need a way to route calls: a Microsoft Calling Plan, Operator Connect through a participating carrier, or Direct Routing through a certified session border controller. The right option depends on your location, call volume and existing carrier contracts.',
        ],
      },
      {
        heading: 'Features businesses rely on',
        paragraphs: ['Teams Phone covers what most small and mid-size businesses expect from a phone system:'],
        bullets: [
          'Direct phone numbers for each user, including ported existing numbers',
          'Auto attendants with business-hours and holiday menus',
          'Call queues that ring groups such as sales, service or parts',
          'Voicemail with transcription delivered to Outlook',
          'Call transfer, hold, park and delegation',
          'Certified desk phones and conference room devices',
          'Calling from desktops, laptops and the Teams mobile app',
        ],
      },
      {
        heading: 'Why it makes sense for small businesses',
        paragraphs: [
          'Because everything is in the cloud, there is no phone server to maintain and no separate system to secure. Adding a new employee is as simple as assigning a license and a number. Remote and traveling staff can answer their business line from anywhere, and customers see a consistent company number instead of a personal cell phone.',
        ],
      },
      {
        heading: 'Things to plan for',
        paragraphs: [
          'Call quality depends on your network, so your internet connection and office Wi-Fi need enough capacity and proper configuration for voice traffic. Emergency calling addresses must be set up correctly for each location. Number porting takes planning and coordination with your current carrier, and some fax lines, alarm panels or paging systems may need a separate solution.',
        ],
      },
      {
        heading: 'Ready to modernize your phones?',
        paragraphs: [
          'Our team designs, ports and supports Teams Phone deployments for businesses and dealerships, including call flows, desk phones and network readiness checks. Contact us to see whether Teams Phone is the right fit for your office.',
        ],
      },
    ],
  },
]

/** Finds an article by its URL slug. */
export function findNewsArticle(slug: string): NewsArticle | undefined {
  return newsArticles.find((article) => article.slug === slug)
}

/** The nine articles shown as cards on the home page, newest first. */
export const homeNewsArticles: NewsArticle[] = newsArticles.filter((article) => article.featuredOnHome)
