import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetAccountSetting } from '../db/account-setting';
import { resetBlog } from '../db/blog';
import { server } from '../node';
import { strict } from '@/test/msw';

const url = (path: string) => new URL(path, location.origin).toString();
const post = (path: string, body: unknown) =>
  fetch(url(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(() => server.listen(strict));
beforeEach(() => {
  resetBlog();
  resetAccountSetting();
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('knowledge base', () => {
  it('serves 6 cards, 6 groups with 29 questions, and an article', async () => {
    const cards = (await (await fetch(url('/kb/data/knowledge_base'))).json()) as {
      category: string;
    }[];
    expect(cards).toHaveLength(6);
    const groups = (await (await fetch(url('/kb/data/category'))).json()) as {
      questions: unknown[];
    }[];
    expect(groups.map((g) => g.questions.length)).toEqual([5, 5, 5, 5, 5, 4]);
    const article = (await (await fetch(url('/kb/data/question'))).json()) as {
      relatedQuestions: unknown[];
      content: string;
    };
    expect(article.relatedQuestions).toHaveLength(5);
    expect(article.content).toContain('<p>');
  });
});

describe('blog', () => {
  it('lists 6 posts with comment counts and filters by title', async () => {
    const all = (await (await fetch(url('/blog/list/data'))).json()) as {
      title: string;
      comment: number;
    }[];
    expect(all).toHaveLength(6);
    expect(all.every((p) => p.comment === 1)).toBe(true);
    const some = (await (await fetch(url('/blog/list/data?q=CAPEX'))).json()) as {
      title: string;
    }[];
    expect(some.map((p) => p.title)).toEqual([
      'CAPEX without spreadsheets: depreciation you can trust',
    ]);
  });

  it('answers the sidebar with 4 recent posts and the 5 categories', async () => {
    const s = (await (await fetch(url('/blog/list/data/sidebar'))).json()) as {
      recentPosts: unknown[];
      categories: { category: string }[];
    };
    expect(s.recentPosts).toHaveLength(4);
    expect(s.categories.map((c) => c.category)).toEqual([
      'Fashion',
      'Food',
      'Gaming',
      'Quote',
      'Video',
    ]);
  });

  it('answers 404 for an unknown post', async () => {
    expect((await fetch(url('/blog/list/data/detail?id=999'))).status).toBe(404);
    expect((await fetch(url('/blog/list/data/edit?id=abc'))).status).toBe(404);
  });

  it('adds a valid comment and refuses an invalid one', async () => {
    const bad = await post('/blog/list/data/detail/comments?id=2', {
      name: '',
      email: 'nope',
      comment: '',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors).toEqual({
      name: 'required',
      email: 'email',
      comment: 'required',
    });
    const ok = await post('/blog/list/data/detail/comments?id=2', {
      name: 'Ann',
      email: 'ann@example.com',
      website: '',
      comment: 'Great',
    });
    expect(ok.status).toBe(201);
    const detail = (await (await fetch(url('/blog/list/data/detail?id=2'))).json()) as {
      comments: { id: number; name: string }[];
    };
    expect(detail.comments.map((c) => [c.id, c.name])).toEqual([
      [1, 'Willie Clark'],
      [2, 'Ann'],
    ]);
  });

  it('saves an edit, and refuses a malformed or duplicate slug', async () => {
    const edit = (await (await fetch(url('/blog/list/data/edit?id=3'))).json()) as Record<
      string,
      unknown
    >;
    const taken = await post('/blog/list/data/edit?id=3', {
      ...edit,
      slug: 'five-habits-of-teams-that-close-the-budget-on-time',
    });
    expect(((await taken.json()) as { errors: Record<string, string> }).errors.slug).toBe('taken');
    expect((await post('/blog/list/data/edit?id=3', { ...edit, slug: 'Bad Slug' })).status).toBe(
      400,
    );
    const ok = await post('/blog/list/data/edit?id=3', {
      ...edit,
      blogTitle: 'Cubes explained',
      slug: 'cubes-explained',
      status: 'Draft',
      blogCategories: ['Video', 'Nope'],
    });
    expect(ok.status).toBe(200);
    const detail = (await (await fetch(url('/blog/list/data/detail?id=3'))).json()) as {
      blog: { title: string; status: string; tags: string[] };
    };
    expect(detail.blog).toMatchObject({
      title: 'Cubes explained',
      status: 'Draft',
      tags: ['Video'],
    });
  });
});

describe('account settings', () => {
  it('returns the seed and keeps saved sections', async () => {
    const seed = (await (await fetch(url('/account-setting/data'))).json()) as {
      general: { username: string };
      info: { country: string; phone: string };
    };
    expect(seed.general.username).toBe('johndoe');
    expect(seed.info).toMatchObject({ country: 'USA', phone: '6562542568' });
    const saved = await post('/account-setting/data', {
      info: { country: 'Germany' },
      notification: { blogDigest: true },
    });
    expect(saved.status).toBe(200);
    const after = (await (await fetch(url('/account-setting/data'))).json()) as {
      info: { country: string; phone: string };
      notification: { blogDigest: boolean };
    };
    expect(after.info).toMatchObject({ country: 'Germany', phone: '6562542568' });
    expect(after.notification.blogDigest).toBe(true);
  });

  it('refuses unknown sections and bodies that are not JSON', async () => {
    expect((await post('/account-setting/data', { password: 'x' })).status).toBe(400);
    const raw = await fetch(url('/account-setting/data'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(raw.status).toBe(400);
  });
});

describe('good table', () => {
  it('serves the four data sets with the documented sizes and status mix', async () => {
    const basic = (await (await fetch(url('/good-table/basic'))).json()) as { status: string }[];
    expect(basic).toHaveLength(10);
    const counts = basic.reduce<Record<string, number>>(
      (acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }),
      {},
    );
    expect(counts).toEqual({ Professional: 5, Applied: 2, Resigned: 1, Current: 1, Rejected: 1 });
    const groups = (await (await fetch(url('/good-table/row-group'))).json()) as {
      mode: string;
      children: { experience: string }[];
    }[];
    expect(groups).toHaveLength(5);
    expect(groups.flatMap((g) => g.children)).toHaveLength(10);
    expect(groups.every((g) => g.mode === 'span' && g.children.every((c) => c.experience))).toBe(
      true,
    );
    expect(await (await fetch(url('/good-table/advanced-search'))).json()).toHaveLength(10);
    expect(await (await fetch(url('/good-table/table_ssr'))).json()).toHaveLength(5);
  });
});

describe('profile', () => {
  it('serves the profile with its sections', async () => {
    const p = (await (await fetch(url('/profile/data'))).json()) as Record<string, unknown[]> & {
      header: { username: string };
    };
    expect(p.header.username).toBe('Kitty Allanson');
    expect(p.suggestedPages).toHaveLength(6);
    expect(p.twitterFeeds).toHaveLength(3);
    expect(p.post).toHaveLength(3);
    expect(p.latestPhotos).toHaveLength(9);
    expect(p.suggestions).toHaveLength(6);
    expect(p.polls).toHaveLength(2);
  });
});

describe('autosuggest', () => {
  it('serves developers, designers, pages and files', async () => {
    const [data] = (await (await fetch(url('/autosuggest/data'))).json()) as Record<
      string,
      unknown[]
    >[];
    expect(data!.developers).toHaveLength(7);
    expect(data!.designers).toHaveLength(7);
    expect(data!.pages).toHaveLength(8);
    expect(data!.files).toHaveLength(13);
  });
});
