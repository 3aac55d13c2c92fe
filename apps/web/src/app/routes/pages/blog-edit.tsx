import { BlogEditPage } from '@/features/demo/pages/components/blog';

export default BlogEditPage;
