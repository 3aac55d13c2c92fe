import { http, HttpResponse, type RequestHandler } from 'msw';
import {
  addComment,
  blogCategories,
  blogPosts,
  findPost,
  type BlogCategory,
  type BlogStatus,
} from '../db/blog';

const summary = ({ content: _c, comments, ...p }: (typeof blogPosts)[number]) => ({
  ...p,
  comment: comments.length,
});

function idOf(request: Request): number | null {
  const raw = new URL(request.url).searchParams.get('id') ?? '1';
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

async function jsonBody(request: Request): Promise<Record<string, unknown> | null> {
  try {
    const body = (await request.json()) as unknown;
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

export const blogHandlers: RequestHandler[] = [
  http.get('/blog/list/data', ({ request }) => {
    const q = (new URL(request.url).searchParams.get('q') ?? '').trim().toLowerCase();
    return HttpResponse.json(
      blogPosts.filter((p) => !q || p.title.toLowerCase().includes(q)).map(summary),
    );
  }),
  http.get('/blog/list/data/sidebar', () =>
    HttpResponse.json({
      recentPosts: [...blogPosts]
        .sort((a, b) => b.blogPosted.localeCompare(a.blogPosted))
        .slice(0, 4)
        .map((p) => ({ id: p.id, img: p.img, title: p.title, createdTime: p.blogPosted })),
      categories: blogCategories.map((category) => ({ category, icon: category.toLowerCase() })),
    }),
  ),
  http.get('/blog/list/data/detail', ({ request }) => {
    const id = idOf(request);
    const post = id ? findPost(id) : undefined;
    if (!post) return new HttpResponse(null, { status: 404 });
    return HttpResponse.json({
      blog: { ...post, createdTime: post.blogPosted },
      comments: post.comments,
    });
  }),
  http.post('/blog/list/data/detail/comments', async ({ request }) => {
    const id = idOf(request);
    const post = id ? findPost(id) : undefined;
    if (!post) return new HttpResponse(null, { status: 404 });
    const body = await jsonBody(request);
    const input = {
      name: str(body?.name),
      email: str(body?.email),
      website: str(body?.website),
      comment: str(body?.comment),
    };
    const errors: Record<string, string> = {};
    if (!input.name) errors.name = 'required';
    if (!/^\S+@\S+\.\S+$/.test(input.email)) errors.email = 'email';
    if (!input.comment) errors.comment = 'required';
    if (Object.keys(errors).length) return HttpResponse.json({ errors }, { status: 400 });
    return HttpResponse.json({ comment: addComment(post, input) }, { status: 201 });
  }),
  http.get('/blog/list/data/edit', ({ request }) => {
    const id = idOf(request);
    const post = id ? findPost(id) : undefined;
    if (!post) return new HttpResponse(null, { status: 404 });
    return HttpResponse.json({
      id: post.id,
      avatar: post.avatar,
      userFullName: post.userFullName,
      createdTime: post.blogPosted,
      blogTitle: post.title,
      blogCategories: post.tags,
      slug: post.slug,
      status: post.status,
      excerpt: post.excerpt,
      content: post.content,
      featuredImage: post.img,
    });
  }),
  // Saving the edit form is a product decision on top of the template.
  http.post('/blog/list/data/edit', async ({ request }) => {
    const id = idOf(request);
    const post = id ? findPost(id) : undefined;
    if (!post) return new HttpResponse(null, { status: 404 });
    const body = await jsonBody(request);
    const title = str(body?.blogTitle);
    const slug = str(body?.slug);
    const status = str(body?.status) as BlogStatus;
    const cats = Array.isArray(body?.blogCategories)
      ? (body.blogCategories as unknown[]).filter((c): c is BlogCategory =>
          blogCategories.includes(c as BlogCategory),
        )
      : [];
    const errors: Record<string, string> = {};
    if (!title) errors.blogTitle = 'required';
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) errors.slug = 'slug';
    if (!['Published', 'Pending', 'Draft'].includes(status)) errors.status = 'status';
    if (blogPosts.some((p) => p.slug === slug && p.id !== post.id)) errors.slug = 'taken';
    if (Object.keys(errors).length) return HttpResponse.json({ errors }, { status: 400 });
    Object.assign(post, {
      title,
      slug,
      status,
      tags: cats,
      excerpt: str(body?.excerpt),
      content: typeof body?.content === 'string' ? body.content : post.content,
    });
    return HttpResponse.json({ id: post.id });
  }),
];
