import { KnowledgeBaseCategoryPage } from '@/features/pages/components/knowledge-base';

export default KnowledgeBaseCategoryPage;
