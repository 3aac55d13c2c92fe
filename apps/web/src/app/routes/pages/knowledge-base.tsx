import { KnowledgeBasePage } from '@/features/pages/components/knowledge-base';

export default KnowledgeBasePage;
