export type BlogCategory = 'Fashion' | 'Food' | 'Gaming' | 'Quote' | 'Video';
export const blogCategories: BlogCategory[] = ['Fashion', 'Food', 'Gaming', 'Quote', 'Video'];
export type BlogStatus = 'Published' | 'Pending' | 'Draft';

export interface BlogComment {
  id: number;
  name: string;
  email: string;
  website: string;
  comment: string;
  createdTime: string;
}

export interface BlogPost {
  id: number;
  img: string;
  title: string;
  slug: string;
  avatar: string;
  userFullName: string;
  blogPosted: string;
  tags: BlogCategory[];
  excerpt: string;
  content: string;
  status: BlogStatus;
  comments: BlogComment[];
  bookmarked: number;
  shares: number;
}

const day = (n: number) => new Date(Date.UTC(2026, 9, 1 + n)).toISOString();

function seed(): BlogPost[] {
  const base: Omit<BlogPost, 'slug' | 'comments'>[] = [
    {
      id: 1,
      img: 'budget',
      title: 'Five habits of teams that close the budget on time',
      avatar: '',
      userFullName: 'Ghani Pradita',
      blogPosted: day(1),
      tags: ['Quote', 'Fashion'],
      excerpt:
        'A good budget process is boring in the best way. These are the habits we see in every team that finishes early.',
      content:
        "<p>Closing the budget on time is rarely about heroics. It is about a calendar everyone trusts, catalogs that are clean before the first number is typed, and a single place where plan and actual meet.</p><p>Start with the scenarios: lock last year's actuals, copy them into the new budget scenario, and let every cost centre work on its own lines. Assembly then becomes a button, not a week.</p>",
      status: 'Published',
      bookmarked: 121,
      shares: 46,
    },
    {
      id: 2,
      img: 'capex',
      title: 'CAPEX without spreadsheets: depreciation you can trust',
      avatar: '',
      userFullName: 'Jorge Griffin',
      blogPosted: day(4),
      tags: ['Gaming'],
      excerpt:
        'Projects, categories with useful lives, and a procedure that computes depreciation the same way every month.',
      content:
        '<p>Capital projects live longer than a budget year, which is why they break spreadsheets. Model each project with its category and start month, and let the depreciation procedure spread the cost over the useful life.</p>',
      status: 'Published',
      bookmarked: 88,
      shares: 12,
    },
    {
      id: 3,
      img: 'cube',
      title: 'Reading a cube: rows, columns, values and parameters',
      avatar: '',
      userFullName: 'Claudia Neal',
      blogPosted: day(7),
      tags: ['Food', 'Video'],
      excerpt: 'Pivot tables are easy once you know the four places a field can go. A short tour.',
      content:
        '<p>Put articles in rows, months in columns, amounts in values and the scenario in parameters — and you have the budget report. Drill into any cell with Show Records.</p>',
      status: 'Published',
      bookmarked: 140,
      shares: 51,
    },
    {
      id: 4,
      img: 'import',
      title: 'Importing a million rows without holding your breath',
      avatar: '',
      userFullName: 'Fred Boone',
      blogPosted: day(10),
      tags: ['Video'],
      excerpt:
        'Chunked uploads that resume, previews with detected types, and imports that commit whole or not at all.',
      content:
        '<p>Large files fail in boring ways: a dropped connection, a bad row on line 812,304. A good import survives both — it resumes the upload and tells you exactly which row and column broke.</p>',
      status: 'Pending',
      bookmarked: 42,
      shares: 9,
    },
    {
      id: 5,
      img: 'scenario',
      title: 'Scenarios: plan, forecast and actual side by side',
      avatar: '',
      userFullName: 'Billy French',
      blogPosted: day(13),
      tags: ['Quote'],
      excerpt:
        'Why every line of a budget carries a scenario, and how locking one protects your numbers.',
      content:
        '<p>Scenarios turn one table into many plans. Lock the actuals once the month is closed, and nobody can change history by accident.</p>',
      status: 'Published',
      bookmarked: 65,
      shares: 20,
    },
    {
      id: 6,
      img: 'report',
      title: 'Reports that arrive before the meeting starts',
      avatar: '',
      userFullName: 'Helena Payne',
      blogPosted: day(16),
      tags: ['Fashion', 'Food'],
      excerpt: 'Generate reports as jobs, keep every run, and download the one you need.',
      content:
        '<p>A report is a view or a cube with parameters and a format. Generate it, and the file waits for you — together with every earlier run.</p>',
      status: 'Draft',
      bookmarked: 30,
      shares: 4,
    },
  ];
  return base.map((p) => ({
    ...p,
    slug: p.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/(^-|-$)/g, ''),
    comments: [
      {
        id: 1,
        name: 'Willie Clark',
        email: 'willie@example.com',
        website: '',
        comment: 'Exactly our experience — the locked actuals saved us twice this year.',
        createdTime: day(18),
      },
    ],
  }));
}

export let blogPosts = seed();
export function resetBlog() {
  blogPosts = seed();
}

export function findPost(id: number): BlogPost | undefined {
  return blogPosts.find((p) => p.id === id);
}

export function addComment(
  post: BlogPost,
  input: Omit<BlogComment, 'id' | 'createdTime'>,
): BlogComment {
  const comment: BlogComment = {
    ...input,
    id: Math.max(0, ...post.comments.map((c) => c.id)) + 1,
    createdTime: new Date().toISOString(),
  };
  post.comments.push(comment);
  return comment;
}
