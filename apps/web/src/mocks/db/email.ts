// Demo mailbox (DEMO.md §5): 24 e-mails of the signed-in demo user, times relative to now.

import {
  emailContacts,
  type Email,
  type EmailAttachment,
  type EmailFolder,
  type EmailLabel,
  type EmailPerson,
  type EmailSender,
} from '@/features/demo/email/api/types';

export { emailContacts };
export type { Email };

/** The owner of the demo mailbox (the demo admin user). */
export const mailboxOwner: EmailSender = { name: 'John Doe', email: 'admin@demo.com', avatar: '' };

const textFile = (content: string) =>
  `data:text/plain;charset=utf-8,${encodeURIComponent(content)}`;
const attach = (
  fileName: string,
  thumbnail: EmailAttachment['thumbnail'],
  size: string,
): EmailAttachment => ({
  fileName,
  thumbnail,
  size,
  url: textFile(`${fileName}\nDemo attachment of the sample mailbox.`),
});

const person = (name: string, email: string): EmailSender => ({ name, email, avatar: '' });
const me = (): EmailPerson => ({ name: mailboxOwner.name, email: mailboxOwner.email });
const p = (s: string) => `<p>${s}</p>`;

interface Seed {
  folder: EmailFolder;
  from: EmailSender;
  to?: EmailPerson[];
  cc?: EmailPerson[];
  subject: string;
  message: string;
  isRead: boolean;
  isStarred?: boolean;
  labels?: EmailLabel[];
  attachments?: EmailAttachment[];
}

const contact = (i: number): EmailPerson => emailContacts[i] ?? emailContacts[0]!;

/** Oldest first; the id is the position + 1, so a higher id is a newer mail. */
const seeds: Seed[] = [
  /* 1 */ {
    folder: 'trash',
    from: person('Lena Ortiz', 'lena.ortiz@example.com'),
    subject: 'Old travel receipts',
    message:
      p('Hi John,') +
      p(
        'Attached are the receipts from the spring trip. Nothing is pending anymore, so feel free to archive them.',
      ) +
      p('Lena'),
    isRead: true,
    labels: ['private'],
    attachments: [attach('travel-receipts.pdf', 'pdf', '412 KB')],
  },
  /* 2 */ {
    folder: 'spam',
    from: person('Prize Center', 'winner@prize-center.example'),
    subject: 'You have been selected for an exclusive reward',
    message: p('Congratulations! Confirm your details within 24 hours to claim your reward.'),
    isRead: true,
    labels: ['company'],
  },
  /* 3 */ {
    folder: 'inbox',
    from: person('Megan Hart', 'megan.hart@example.com'),
    subject: 'Photos from Saturday',
    message:
      p('Hey John,') +
      p(
        'It was great to see everyone again. I uploaded the photos to the shared album, have a look when you get a minute.',
      ) +
      p('Megan'),
    isRead: true,
    labels: ['personal'],
  },
  /* 4 */ {
    folder: 'draft',
    from: mailboxOwner,
    to: [contact(1)],
    subject: 'Supplier contract renewal',
    message:
      p('Hi Donna,') +
      p(
        'Before we renew the supplier contract I would like to review the price index clause together. Could we meet on Thursday?',
      ),
    isRead: true,
    labels: ['company'],
  },
  /* 5 */ {
    folder: 'spam',
    from: person('Crypto Daily', 'news@crypto-daily.example'),
    subject: 'Double your savings this week only',
    message: p(
      'Our analysts found the one trick banks do not want you to know. Open the attached guide.',
    ),
    isRead: true,
    labels: ['private'],
    attachments: [attach('guide.pdf', 'pdf', '88 KB')],
  },
  /* 6 */ {
    folder: 'trash',
    from: person('City Library', 'noreply@library.example'),
    subject: 'Your reservation is ready for pick-up',
    message: p(
      'The book you reserved is waiting for you at the front desk for the next seven days.',
    ),
    isRead: true,
    isStarred: true,
    labels: ['personal'],
  },
  /* 7 */ {
    folder: 'inbox',
    from: person('Victor Lang', 'victor.lang@example.com'),
    cc: [contact(3)],
    subject: 'Quarterly close schedule',
    message:
      p('Hello John,') +
      p(
        'Please find the quarterly close schedule below. The ledger locks on the third working day; reconciliations are due two days later.',
      ) +
      p('Thanks, Victor'),
    isRead: true,
    labels: ['company', 'important'],
  },
  /* 8 */ {
    folder: 'sent',
    from: mailboxOwner,
    to: [contact(0)],
    subject: 'Budget draft for review',
    message:
      p('Hi Jane,') +
      p(
        'Here is the first budget draft for next year. Cost centres 4100 to 4300 still need your numbers.',
      ) +
      p('Best, John'),
    isRead: true,
    labels: ['company'],
    attachments: [attach('budget-draft.xlsx', 'sheet', '1.2 MB')],
  },
  /* 9 */ {
    folder: 'spam',
    from: person('Parcel Service', 'tracking@parcel-service.example'),
    subject: 'Delivery failed: action required',
    message: p(
      'We could not deliver your parcel. Pay the small customs fee to reschedule the delivery.',
    ),
    isRead: true,
    labels: ['private'],
  },
  /* 10 */ {
    folder: 'draft',
    from: mailboxOwner,
    to: [contact(4)],
    subject: 'Weekend plans',
    message: p('Hi Sandy,') + p('Are we still on for the hike on Sunday? I can bring the car.'),
    isRead: true,
    isStarred: true,
    labels: ['personal'],
  },
  /* 11 */ {
    folder: 'inbox',
    from: person('Nora Weiss', 'nora.weiss@example.com'),
    subject: 'Workshop agenda',
    message:
      p('Hi John,') +
      p(
        'The planning workshop starts at 9:00 in room 2. I added the agenda to the invite; let me know if you want to present the forecast.',
      ) +
      p('Nora'),
    isRead: true,
    isStarred: true,
    labels: ['company'],
  },
  /* 12 */ {
    folder: 'trash',
    from: person('Fitness Club', 'info@fitness-club.example'),
    subject: 'Membership renewal reminder',
    message: p('Your membership ends next month. Renew now to keep your current rate.'),
    isRead: false,
    labels: ['private'],
  },
  /* 13 */ {
    folder: 'spam',
    from: person('Online Pharmacy', 'offers@pharmacy.example'),
    subject: 'Special offer just for you',
    message: p('Save up to 80% on your next order. Limited stock available.'),
    isRead: true,
    isStarred: true,
  },
  /* 14 */ {
    folder: 'inbox',
    from: person('Oliver Brandt', 'oliver.brandt@example.com'),
    subject: 'Apartment documents',
    message:
      p('Hi John,') +
      p(
        'I attached the signed lease and the handover protocol. Please keep a copy for your records.',
      ) +
      p('Oliver'),
    isRead: true,
    labels: ['personal', 'private'],
    attachments: [
      attach('lease.pdf', 'pdf', '2.4 MB'),
      attach('handover-protocol.pdf', 'pdf', '640 KB'),
    ],
  },
  /* 15 */ {
    folder: 'draft',
    from: mailboxOwner,
    to: [contact(2)],
    cc: [contact(5)],
    subject: 'Headcount plan assumptions',
    message:
      p('Hi Gabrielle,') +
      p(
        'For the headcount plan I assumed a 3% salary increase and two new hires in Q2. Does that match what HR expects?',
      ),
    isRead: false,
    labels: ['company'],
  },
  /* 16 */ {
    folder: 'spam',
    from: person('Lottery Office', 'claims@lottery.example'),
    subject: 'Unclaimed winnings in your name',
    message: p(
      'Our records show unclaimed winnings in your name. Reply with your bank details to receive them.',
    ),
    isRead: false,
  },
  /* 17 */ {
    folder: 'inbox',
    from: person('Amelia Clarke', 'amelia.clarke@example.com'),
    cc: [contact(0), contact(1)],
    subject: 'Audit findings and next steps',
    message:
      p('Dear John,') +
      p(
        'The auditors shared their preliminary findings. Most items are minor, but the accruals cut-off needs an answer by Friday. I attached the report.',
      ) +
      p('Kind regards, Amelia'),
    isRead: true,
    isStarred: true,
    labels: ['company', 'important'],
    attachments: [attach('audit-findings.pdf', 'pdf', '956 KB')],
  },
  /* 18 */ {
    folder: 'trash',
    from: person('Travel Deals', 'deals@travel.example'),
    subject: 'Last-minute city breaks',
    message: p('Three nights in a city of your choice, flights included. Book before Monday.'),
    isRead: false,
    labels: ['personal'],
  },
  /* 19 */ {
    folder: 'sent',
    from: mailboxOwner,
    to: [contact(3)],
    subject: 'Re: Forecast meeting notes',
    message:
      p('Hi Lori,') +
      p(
        'Thanks for the notes. I updated the forecast with the new volume assumptions; the margin stays within the target range.',
      ) +
      p('John'),
    isRead: true,
    isStarred: true,
    labels: ['company'],
  },
  /* 20 */ {
    folder: 'inbox',
    from: person('Sophie Martin', 'sophie.martin@example.com'),
    subject: 'Dinner on Friday?',
    message:
      p('Hi John,') +
      p('A few of us are meeting for dinner on Friday at eight. Would you like to join?') +
      p('Sophie'),
    isRead: false,
    labels: ['personal'],
  },
  /* 21 */ {
    folder: 'spam',
    from: person('Account Security', 'security@account-check.example'),
    subject: 'Unusual sign-in detected',
    message: p(
      'We detected an unusual sign-in. Verify your password with the link below to keep your account.',
    ),
    isRead: false,
    labels: ['private'],
  },
  /* 22 */ {
    folder: 'draft',
    from: mailboxOwner,
    to: [contact(5)],
    subject: 'Thank you',
    message: p('Hi Cheryl,') + p('Thank you for your help with the year-end report.'),
    isRead: false,
  },
  /* 23 */ {
    folder: 'inbox',
    from: person('Daniel Reyes', 'daniel.reyes@example.com'),
    subject: 'Invoice approval needed',
    message:
      p('Hi John,') +
      p(
        'Invoice 4471 from our logistics partner is above the approval limit. Could you approve it today so it goes into this payment run?',
      ) +
      p('Daniel'),
    isRead: false,
    labels: ['company', 'important'],
    attachments: [attach('invoice-4471.pdf', 'pdf', '184 KB')],
  },
  /* 24 */ {
    folder: 'inbox',
    from: person('Emma Novak', 'emma.novak@example.com'),
    subject: 'Trip to the coast',
    message:
      p('Hi John,') +
      p(
        'I booked the cottage for the second weekend of next month. Here is the confirmation and a picture of the place, it looks lovely.',
      ) +
      p('Emma'),
    isRead: false,
    isStarred: true,
    labels: ['personal'],
    attachments: [
      attach('booking-confirmation.pdf', 'pdf', '210 KB'),
      attach('cottage.jpg', 'image', '1.8 MB'),
    ],
  },
];

const HOUR = 3_600_000;

function build(): Email[] {
  const now = Date.now();
  const emails = seeds.map((s, i): Email => {
    const id = i + 1;
    return {
      id,
      from: { ...s.from },
      to: s.to ? s.to.map((x) => ({ ...x })) : [me()],
      cc: s.cc ? s.cc.map((x) => ({ ...x })) : [],
      bcc: [],
      subject: s.subject,
      message: s.message,
      attachments: s.attachments ? s.attachments.map((a) => ({ ...a })) : [],
      isStarred: s.isStarred ?? false,
      labels: [...(s.labels ?? [])],
      // Newest mail 40 minutes ago, then about every nine hours further back.
      time: new Date(now - (40 * 60_000 + (seeds.length - id) * 9 * HOUR)).toISOString(),
      replies: [],
      folder: s.folder,
      isRead: s.isRead,
    };
  });
  // One thread: the newest inbox mail answers an earlier message of the owner (reply id 25).
  const thread = emails[23]!;
  thread.replies = [
    {
      id: 25,
      from: { ...mailboxOwner },
      to: [{ name: thread.from.name, email: thread.from.email }],
      cc: [],
      bcc: [],
      subject: 'Trip to the coast',
      message:
        p('Hi Emma,') +
        p(
          'Count me in for the coast! Let me know which weekend works and I will take care of the car.',
        ) +
        p('John'),
      attachments: [],
      isStarred: false,
      labels: [],
      time: new Date(Date.parse(thread.time) - 30 * HOUR).toISOString(),
      replies: [],
      folder: 'sent',
      isRead: true,
    },
  ];
  return emails;
}

/** The in-memory mailbox; writes change it until the page is reloaded. */
export const emailDb: { emails: Email[] } = { emails: build() };

/** Back to the seed data (tests). */
export function resetEmail(): void {
  emailDb.emails = build();
}

/** Next free id: the highest id of any mail or reply + 1. */
export function nextEmailId(): number {
  let max = 0;
  for (const e of emailDb.emails) {
    max = Math.max(max, e.id, ...e.replies.map((r) => r.id));
  }
  return max + 1;
}
