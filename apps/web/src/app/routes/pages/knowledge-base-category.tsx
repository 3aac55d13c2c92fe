import { KnowledgeBaseCategoryPage } from '@/features/demo/pages/components/knowledge-base';

export default KnowledgeBaseCategoryPage;
