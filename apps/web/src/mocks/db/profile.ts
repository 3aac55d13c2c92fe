import type { ProfileData } from '@/features/demo/pages/api/profile';

const people = [
  'Kitty Allanson',
  'Jaqueline Hurst',
  'Rosa Walters',
  'Jenny Hayes',
  'Alex Martin',
  'Nova Hendrix',
  'Karen Mannaday',
  'Chris Barnes',
];

function seed(): ProfileData {
  return {
    header: {
      avatar: '',
      username: 'Kitty Allanson',
      designation: 'Budget Controller',
      coverImg: 'cover',
    },
    userAbout: {
      about:
        'Budget controller who likes clean catalogs, locked actuals and reports that arrive before the meeting.',
      joined: 'November 15, 2015',
      lives: 'New York, USA',
      email: 'bucketful@fiendhead.org',
      website: 'www.fiscus.example',
    },
    suggestedPages: [
      { avatar: '', username: 'Peter Reed', subtitle: 'Company', favorite: false },
      { avatar: '', username: 'Harriett Adkins', subtitle: 'Company', favorite: false },
      { avatar: '', username: 'Juan Weaver', subtitle: 'Company', favorite: false },
      { avatar: '', username: 'Claudia Chandler', subtitle: 'Company', favorite: false },
      { avatar: '', username: 'Earl Briggs', subtitle: 'Company', favorite: true },
      { avatar: '', username: 'Jonathan Lyons', subtitle: 'Beauty Store', favorite: false },
    ],
    twitterFeeds: [
      {
        imgUrl: '',
        title: 'Gertrude Stevens',
        id: 'tiana59',
        tags: '#design #fasion',
        desc: 'I love cookie chupa chups sweet tart apple pie chocolate bar.',
        favorite: false,
      },
      {
        imgUrl: '',
        title: 'Lura Jones',
        id: 'tiana59',
        tags: '#vuejs #code #coffeez',
        desc: 'Halvah I love powder jelly I love cheesecake cotton candy.',
        favorite: true,
      },
      {
        imgUrl: '',
        title: 'Norman Gross',
        id: 'tiana59',
        tags: '#sketch #uiux #figma',
        desc: 'Candy jelly beans powder brownie biscuit. Jelly marzipan oat cake cake.',
        favorite: false,
      },
    ],
    post: [
      {
        id: 1,
        avatar: '',
        username: 'Leeanna Alvord',
        postTime: '12 Dec 2026 at 1:16 AM',
        postText:
          'The Q1 forecast is locked. Thanks to everyone who closed their cost centres early!',
        postImg: 'chart',
        likes: 1240,
        youLiked: true,
        comments: 1,
        share: 12,
        likedUsers: people.slice(1, 6).map((username) => ({ avatar: '', username })),
        likedCount: 140,
        detailedComments: [
          {
            avatar: '',
            username: 'Kitty Allanson',
            comment: 'Great work — the assembly ran in under a minute.',
            commentsLikes: 34,
            youLiked: false,
          },
        ],
      },
      {
        id: 2,
        avatar: '',
        username: 'Rosa Walters',
        postTime: '11 Dec 2026 at 1:16 AM',
        postText: 'New catalog of cost centres is live. Please map your imports to the new codes.',
        postImg: 'catalog',
        likes: 1180,
        youLiked: false,
        comments: 1,
        share: 4,
        likedUsers: people.slice(2, 7).map((username) => ({ avatar: '', username })),
        likedCount: 80,
        detailedComments: [
          {
            avatar: '',
            username: 'Jenny Hayes',
            comment: 'Done for marketing.',
            commentsLikes: 12,
            youLiked: true,
          },
        ],
      },
      {
        id: 3,
        avatar: '',
        username: 'Charles Watson',
        postTime: '12 Dec 2026 at 1:16 AM',
        postText: 'CAPEX depreciation now runs monthly as a procedure. No more spreadsheets!',
        postImg: 'capex',
        likes: 902,
        youLiked: false,
        comments: 0,
        share: 7,
        likedUsers: people.slice(0, 4).map((username) => ({ avatar: '', username })),
        likedCount: 35,
        detailedComments: [],
      },
    ],
    latestPhotos: Array.from({ length: 9 }, (_, i) => ({ img: `photo-${i + 1}` })),
    suggestions: [
      { avatar: '', name: 'Peter Reed', mutualFriend: '6 Mutual Friends' },
      { avatar: '', name: 'Harriett Adkins', mutualFriend: '3 Mutual Friends' },
      { avatar: '', name: 'Juan Weaver', mutualFriend: '1 Mutual Friends' },
      { avatar: '', name: 'Claudia Chandler', mutualFriend: '16 Mutual Friends' },
      { avatar: '', name: 'Earl Briggs', mutualFriend: '4 Mutual Friends' },
      { avatar: '', name: 'Jonathan Lyons', mutualFriend: '25 Mutual Friends' },
    ],
    polls: [
      {
        name: 'RDBMS',
        result: '82%',
        votedUser: people.slice(0, 5).map((username) => ({ img: '', username })),
      },
      {
        name: 'OLAP cubes',
        result: '18%',
        votedUser: people.slice(3, 6).map((username) => ({ img: '', username })),
      },
    ],
  };
}

export const profile = seed();
