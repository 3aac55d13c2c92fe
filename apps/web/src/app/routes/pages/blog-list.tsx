import { BlogListPage } from '@/features/pages/components/blog';

export default BlogListPage;
