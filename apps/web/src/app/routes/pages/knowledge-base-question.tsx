import { KnowledgeBaseQuestionPage } from '@/features/demo/pages/components/knowledge-base';

export default KnowledgeBaseQuestionPage;
