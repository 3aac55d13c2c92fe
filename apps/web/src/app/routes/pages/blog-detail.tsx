import { BlogDetailPage } from '@/features/pages/components/blog';

export default BlogDetailPage;
