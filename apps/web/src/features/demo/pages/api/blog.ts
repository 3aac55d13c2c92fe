import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { demoApi } from '@/lib/demo-client';

export type BlogCategory = 'Fashion' | 'Food' | 'Gaming' | 'Quote' | 'Video';
export const blogCategories: BlogCategory[] = ['Fashion', 'Food', 'Gaming', 'Quote', 'Video'];
export type BlogStatus = 'Published' | 'Pending' | 'Draft';

export interface BlogSummary {
  id: number;
  img: string;
  title: string;
  slug: string;
  avatar: string;
  userFullName: string;
  blogPosted: string;
  tags: BlogCategory[];
  excerpt: string;
  comment: number;
  bookmarked: number;
  shares: number;
  status: BlogStatus;
}
export interface BlogComment {
  id: number;
  name: string;
  email: string;
  website: string;
  comment: string;
  createdTime: string;
}
export interface BlogDetail {
  blog: BlogSummary & { content: string; createdTime: string };
  comments: BlogComment[];
}
export interface BlogSidebar {
  recentPosts: { id: number; img: string; title: string; createdTime: string }[];
  categories: { category: BlogCategory; icon: string }[];
}
export interface BlogEdit {
  id: number;
  avatar: string;
  userFullName: string;
  createdTime: string;
  blogTitle: string;
  blogCategories: BlogCategory[];
  slug: string;
  status: BlogStatus;
  excerpt: string;
  content: string;
  featuredImage: string;
}

const keys = {
  list: (q: string) => ['demo', 'blog', 'list', q] as const,
  sidebar: ['demo', 'blog', 'sidebar'] as const,
  detail: (id: number) => ['demo', 'blog', 'detail', id] as const,
  edit: (id: number) => ['demo', 'blog', 'edit', id] as const,
};

export const blogListQuery = (q: string) =>
  queryOptions({
    queryKey: keys.list(q),
    queryFn: async () =>
      (await demoApi.get<BlogSummary[]>('/blog/list/data', { params: { q } })).data,
    placeholderData: keepPreviousData,
  });
export const blogSidebarQuery = () =>
  queryOptions({
    queryKey: keys.sidebar,
    queryFn: async () => (await demoApi.get<BlogSidebar>('/blog/list/data/sidebar')).data,
  });
export const blogDetailQuery = (id: number) =>
  queryOptions({
    queryKey: keys.detail(id),
    queryFn: async () =>
      (await demoApi.get<BlogDetail>('/blog/list/data/detail', { params: { id } })).data,
    retry: false,
  });
export const blogEditQuery = (id: number) =>
  queryOptions({
    queryKey: keys.edit(id),
    queryFn: async () =>
      (await demoApi.get<BlogEdit>('/blog/list/data/edit', { params: { id } })).data,
    retry: false,
  });

export const useBlogList = (q: string) => useQuery(blogListQuery(q));
export const useBlogSidebar = () => useQuery(blogSidebarQuery());
export const useBlogDetail = (id: number) => useQuery(blogDetailQuery(id));
export const useBlogEdit = (id: number) => useQuery(blogEditQuery(id));

export function useAddComment(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: Omit<BlogComment, 'id' | 'createdTime'>) =>
      (
        await demoApi.post<{ comment: BlogComment }>('/blog/list/data/detail/comments', input, {
          params: { id },
        })
      ).data.comment,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['demo', 'blog'] }),
  });
}

export function useSaveBlog(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (
      input: Omit<BlogEdit, 'id' | 'avatar' | 'userFullName' | 'createdTime' | 'featuredImage'>,
    ) =>
      (await demoApi.post<{ id: number }>('/blog/list/data/edit', input, { params: { id } })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['demo', 'blog'] }),
  });
}
