import dayjs from 'dayjs';
import type { Chat, ChatContact, ChatProfileUser } from '@/features/demo/chat/api/types';

/**
 * Demo chat data: 10 contacts, the signed-in profile user (id 11) and 2 conversations — with
 * contact 1 (10 messages, 1 unseen) and contact 2 (6 messages, none unseen). Message times are
 * two days and one day back.
 */
const contacts: ChatContact[] = [
  {
    id: 1,
    fullName: 'Felecia Rower',
    role: 'Frontend Developer',
    about: 'Builds the report designer and keeps the UI fast on every screen size.',
    avatar: '',
    status: 'offline',
  },
  {
    id: 2,
    fullName: 'Adalberto Granzin',
    role: 'UI/UX Designer',
    about: 'Designs the planning workflows and the dashboard cards.',
    avatar: '',
    status: 'busy',
  },
  {
    id: 3,
    fullName: 'Joaquina Weisenborn',
    role: 'Town planner',
    about: 'Plans infrastructure budgets for the city districts.',
    avatar: '',
    status: 'busy',
  },
  {
    id: 4,
    fullName: 'Verla Morgano',
    role: 'Data scientist',
    about: 'Works on the forecast models and the cube aggregations.',
    avatar: '',
    status: 'online',
  },
  {
    id: 5,
    fullName: 'Margot Henschke',
    role: 'Dietitian',
    about: 'Runs the canteen cost centre and its monthly budget.',
    avatar: '',
    status: 'busy',
  },
  {
    id: 6,
    fullName: 'Sal Piggee',
    role: 'Marketing executive',
    about: 'Owns the marketing budget and campaign reporting.',
    avatar: '',
    status: 'online',
  },
  {
    id: 7,
    fullName: 'Miguel Guelff',
    role: 'Special educational needs teacher',
    about: 'Coordinates the training budget of the academy.',
    avatar: '',
    status: 'online',
  },
  {
    id: 8,
    fullName: 'Mauro Elenbaas',
    role: 'Advertising copywriter',
    about: 'Writes the release notes and the product newsletter.',
    avatar: '',
    status: 'away',
  },
  {
    id: 9,
    fullName: 'Bridgett Omohundro',
    role: 'Designer, television/film set',
    about: 'Plans production budgets for the studio.',
    avatar: '',
    status: 'away',
  },
  {
    id: 10,
    fullName: 'Zenia Jacobs',
    role: 'Building surveyor',
    about: 'Checks the capex requests of the plants on site.',
    avatar: '',
    status: 'away',
  },
];

const profileUser: ChatProfileUser = {
  id: 11,
  avatar: '',
  fullName: 'John Doe',
  role: 'admin',
  about: 'Controller of the planning team. Ask me about budgets, forecasts and reports.',
  status: 'online',
  settings: { isTwoStepAuthVerificationEnabled: true, isNotificationsOn: false },
};

function seedChats(): Chat[] {
  const twoDays = dayjs().subtract(2, 'day').hour(9).minute(12).second(0).millisecond(0);
  const oneDay = dayjs().subtract(1, 'day').hour(14).minute(5).second(0).millisecond(0);
  const at = (base: dayjs.Dayjs, minutes: number) => base.add(minutes, 'minute').toISOString();
  const me = profileUser.id;
  return [
    {
      id: 1,
      userId: 1,
      unseenMsgs: 1,
      chat: [
        { message: 'Hi', time: at(oneDay, 0), senderId: me },
        { message: 'Hello. How can I help you?', time: at(oneDay, 1), senderId: 1 },
        {
          message: 'Can I get the details of the Q3 variance report?',
          time: at(oneDay, 2),
          senderId: me,
        },
        { message: 'Sure. Which cost centres do you need?', time: at(oneDay, 4), senderId: 1 },
        { message: 'Sales and marketing, please.', time: at(oneDay, 5), senderId: me },
        {
          message: 'Give me a few minutes, the cube is refreshing.',
          time: at(oneDay, 6),
          senderId: 1,
        },
        { message: 'No problem, thanks!', time: at(oneDay, 7), senderId: me },
        {
          message: 'Here it is: marketing is 4 % over budget, sales is on track.',
          time: at(oneDay, 19),
          senderId: 1,
        },
        { message: 'Great, that matches what I expected.', time: at(oneDay, 21), senderId: me },
        {
          message: 'Let me know if you need the breakdown by month.',
          time: at(oneDay, 24),
          senderId: 1,
        },
      ],
    },
    {
      id: 2,
      userId: 2,
      unseenMsgs: 0,
      chat: [
        { message: 'How can we help? We are here for you!', time: at(twoDays, 0), senderId: me },
        {
          message: 'Hey John, I am looking for the best dashboard layout for the budget review.',
          time: at(twoDays, 3),
          senderId: 2,
        },
        {
          message: 'It should show the variance per region and a trend chart.',
          time: at(twoDays, 4),
          senderId: 2,
        },
        {
          message: 'We have the variance cards and a line chart ready to use.',
          time: at(twoDays, 8),
          senderId: me,
        },
        {
          message: 'Perfect, I will send you a draft tomorrow.',
          time: at(twoDays, 10),
          senderId: 2,
        },
        { message: 'Thanks, looking forward to it.', time: at(twoDays, 11), senderId: me },
      ],
    },
  ];
}

export const chatDb = {
  contacts: structuredClone(contacts),
  profileUser: structuredClone(profileUser),
  chats: seedChats(),
};

/** Back to the seed contacts, profile and conversations (tests). */
export function resetChat(): void {
  chatDb.contacts = structuredClone(contacts);
  chatDb.profileUser = structuredClone(profileUser);
  chatDb.chats = seedChats();
}
