import { KnowledgeBasePage } from '@/features/demo/pages/components/knowledge-base';

export default KnowledgeBasePage;
