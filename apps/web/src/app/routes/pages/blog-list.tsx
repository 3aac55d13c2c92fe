import { BlogListPage } from '@/features/demo/pages/components/blog';

export default BlogListPage;
