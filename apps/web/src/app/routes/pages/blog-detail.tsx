import { BlogDetailPage } from '@/features/demo/pages/components/blog';

export default BlogDetailPage;
