import { BlogEditPage } from '@/features/pages/components/blog';

export default BlogEditPage;
