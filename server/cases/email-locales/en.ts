/**
 * The emails to applicants in English: the shape every other language's catalogue must match.
 * Case numbers, links, service, step and document names and review reasons are filled in as they
 * are (the staff's words); numbers and dates arrive already written by `Intl` in the language.
 */
const en = {
  layout: {
    openLink: 'Or open',
    stopEmails: 'Stop these emails',
    reasonCase: 'You get this email because your address is on Pathway case {{caseNumber}}.',
  },
  contact: {
    heading: 'Questions about your case?',
    owner: 'Your case is looked after by {{name}}.',
    phone: 'Phone: {{phone}}',
    whatsapp: 'WhatsApp: {{whatsapp}}',
    email: 'Email: {{email}}',
  },
  accessLink: {
    subject: 'Sign in to case {{caseNumber}}',
    preview: 'Your link to see case {{caseNumber}} and send its documents.',
    heading: 'Sign in to your case',
    intro: 'Open this link to see case {{caseNumber}} and send its documents.',
    action: 'Open my case',
    outro: 'The link works once, within {{minutes}} minutes. If you did not ask for it, ignore this email.',
    reason:
      'You get this email because someone asked for a sign-in link to Pathway case {{caseNumber}}, which has your address.',
  },
  rejected: {
    subject: 'Please send {{name}} again (case {{caseNumber}})',
    preview: 'We could not accept {{name}}: {{reason}}',
    heading: 'Please send {{name}} again',
    intro: 'We could not accept the {{name}} you sent on {{date}} for case {{caseNumber}}.',
    why: 'Why: {{reason}}',
    action: 'Send a new one',
  },
  allAccepted: {
    subject: 'All documents accepted (case {{caseNumber}})',
    preview: 'Every required document of case {{caseNumber}} has been accepted.',
    heading: 'All your documents are accepted',
    intro: 'Every required document of case {{caseNumber}} has been accepted. Nothing more is needed from you for now.',
    action: 'See your case',
  },
  confirmSubscription: {
    subject: 'Confirm email updates for case {{caseNumber}}',
    preview: 'Confirm that you want an email whenever case {{caseNumber}} changes.',
    heading: 'Confirm email updates',
    intro: 'Someone (we hope you) asked for an email whenever case {{caseNumber}} changes.',
    action: 'Confirm email updates',
    outro:
      'The link works for {{hours}} hours. If it was not you, ignore this email: nothing more will be sent to you.',
    reason: 'You get this email because this address was entered on the Pathway tracker for case {{caseNumber}}.',
  },
  caseCreated: {
    subject: 'Your case {{caseNumber}} has been opened',
    preview: 'Your case number is {{caseNumber}}. Keep it to follow your application.',
    heading: 'Your case has been opened',
    intro:
      'Your case number is {{caseNumber}}. It was opened on {{date}}. Keep this email: you need the number, with your passport number, to see how your application is progressing.',
    next: 'We will also email you when your case moves to a new step.',
    action: 'Track your application',
  },
  trackerLink: {
    subject: 'The tracker link of your case {{caseNumber}}',
    preview: 'Your case number is {{caseNumber}}. Follow your application with it.',
    heading: 'Follow your case',
    intro:
      'We are sending you the link to your case {{caseNumber}} again. You need the case number, with your passport number, to see how your application is progressing.',
    action: 'Track your application',
  },
  accountLinked: {
    subject: 'Your case {{caseNumber}} was linked with another Pathway account',
    preview: 'Your case was linked with {{account}}.',
    heading: 'Your case was linked with another account',
    intro:
      'On {{date}}, your case {{caseNumber}} was linked with {{account}}, so your journey shows in one place. This was asked for from that account, which proved it can sign in to this case or that it has this case’s email address.',
    outro: 'If it was you, there is nothing to do. If not, open your case and remove the link.',
    action: 'See my linked accounts',
    network: 'the network account “{{label}}”',
    lms: 'the learning account “{{label}}”',
    cases: 'the case {{label}}',
  },
  caseMoved: {
    subject: 'Your case {{caseNumber}} moved to {{steps}}',
    heading: 'Your case has moved on',
    intro: 'Your case {{caseNumber}} has moved on.',
    item: '{{service}}: now at "{{step}}"',
    action: 'See the whole progress',
    outro: 'You will need your passport number to see it.',
  },
  followedUp: {
    subject: 'Your case {{caseNumber}}: we are following up "{{step}}"',
    heading: 'We are following up your case',
    intro:
      'The step "{{step}}" of {{service}} is taking longer than usual for your case {{caseNumber}}. We are following it up and will tell you when it moves.',
    action: 'See your case',
  },
  caseCompleted: {
    subject: 'Your case {{caseNumber}} is complete',
    heading: 'Your case is complete',
    intro: 'Every service of your case {{caseNumber}} has reached its last step: your case is complete.',
    next: 'What comes next: the person looking after your case will contact you about your travel and your first day at work. Keep your case number.',
  },
};

/** Every language has every key, as text. */
export type EmailCatalogue = { [Key in keyof typeof en]: { [Inner in keyof (typeof en)[Key]]: string } };

export default en;
