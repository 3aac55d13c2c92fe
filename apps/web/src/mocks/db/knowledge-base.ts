import type {
  KbArticle,
  KbCard,
  KbCategory,
  KbQuestionRef,
} from '@/features/demo/pages/api/knowledge-base';

/** Knowledge base of the demo (DEMO.md §13). */
export const kbCards: KbCard[] = [
  {
    id: 1,
    category: 'sales-automation',
    img: 'chart',
    title: 'Sales Automation',
    desc: 'Pipelines, quotas and forecasts that update themselves from your booked orders.',
  },
  {
    id: 2,
    category: 'marketing-automation',
    img: 'speakerphone',
    title: 'Marketing Automation',
    desc: 'Plan campaigns, track their spend against budget and see their return by month.',
  },
  {
    id: 3,
    category: 'api-questions',
    img: 'code',
    title: 'API Questions',
    desc: 'Read and write your objects, records and cubes from other systems through one endpoint.',
  },
  {
    id: 4,
    category: 'personalization',
    img: 'palette',
    title: 'Personalization',
    desc: 'Skins, layouts, languages and saved views: make the workbench yours.',
  },
  {
    id: 5,
    category: 'email-marketing',
    img: 'mail',
    title: 'Email Marketing',
    desc: 'Schedule reports to arrive in the right inboxes at the right time.',
  },
  {
    id: 6,
    category: 'demand-generation',
    img: 'target',
    title: 'Demand Generation',
    desc: 'Model demand drivers and feed them into your revenue and cost budgets.',
  },
];

const q = (id: number, question: string): KbQuestionRef => ({
  id,
  question,
  slug: question
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/(^-|-$)/g, ''),
});

export const kbCategories: KbCategory[] = [
  {
    id: 1,
    title: 'Account Settings',
    icon: 'settings',
    iconColor: 'brand',
    questions: [
      q(1, 'How secure is my password?'),
      q(2, 'Can I change my username?'),
      q(3, 'Where can I upload my avatar?'),
      q(4, 'How do I change my timezone?'),
      q(5, 'How do I change my password?'),
    ],
  },
  {
    id: 2,
    title: 'API Questions',
    icon: 'code',
    iconColor: 'teal',
    questions: [
      q(6, 'What can I build with the API?'),
      q(7, 'How do I authenticate API calls?'),
      q(8, 'Is there a rate limit?'),
      q(9, 'How are errors reported?'),
      q(10, 'Can I batch several operations?'),
    ],
  },
  {
    id: 3,
    title: 'Billing',
    icon: 'credit-card',
    iconColor: 'orange',
    questions: [
      q(11, 'How do I change my plan?'),
      q(12, 'Where can I find my invoices?'),
      q(13, 'Which currencies can I pay in?'),
      q(14, 'How do refunds work?'),
      q(15, 'Can I pay by bank transfer?'),
    ],
  },
  {
    id: 4,
    title: 'Copyright & Legal',
    icon: 'scale',
    iconColor: 'grape',
    questions: [
      q(16, 'Who owns the data I upload?'),
      q(17, 'Where is my data stored?'),
      q(18, 'How long do you keep deleted records?'),
      q(19, 'Can I sign a data processing agreement?'),
      q(20, 'How do I report abuse?'),
    ],
  },
  {
    id: 5,
    title: 'Mobile Apps',
    icon: 'device-mobile',
    iconColor: 'red',
    questions: [
      q(21, 'Does the console work on phones?'),
      q(22, 'Can I approve budgets on a tablet?'),
      q(23, 'How do I enable two-factor authentication on my phone?'),
      q(24, 'Can I work offline?'),
      q(25, 'Which browsers are supported?'),
    ],
  },
  {
    id: 6,
    title: 'Using Fiscus',
    icon: 'book',
    iconColor: 'cyan',
    questions: [
      q(26, 'How do I import a spreadsheet?'),
      q(27, 'How do I build a cube?'),
      q(28, 'How do I copy a scenario?'),
      q(29, 'How do I share a view?'),
    ],
  },
];

export const kbArticle: KbArticle = {
  title: 'How secure is my password?',
  lastUpdated: '2026-10-02',
  relatedQuestions: [
    q(2, 'Can I change my username?'),
    q(3, 'Where can I upload my avatar?'),
    q(4, 'How do I change my timezone?'),
    q(5, 'How do I change my password?'),
    q(7, 'How do I authenticate API calls?'),
  ],
  content:
    '<p>Your password is never stored as you type it. We keep only an Argon2id hash — a one-way fingerprint that takes real memory and time to compute, so guessing passwords from a stolen hash is impractically slow.</p>' +
    '<h4>What we require</h4><ul><li>At least 8 characters</li><li>At least one letter and one digit</li><li>A password you do not use anywhere else</li></ul>' +
    '<h4>What protects your account</h4><p>Sign-in attempts are throttled per account and per network address, and every failed attempt is logged. Turn on two-factor authentication in <strong>Account Settings → Two-factor authentication</strong> for a second layer: a code from your authenticator app is then needed at every sign-in.</p>' +
    '<p>If you forget your password, the reset link we e-mail you works once and expires after 20 minutes.</p>',
};
