import { KnowledgeBaseQuestionPage } from '@/features/pages/components/knowledge-base';

export default KnowledgeBaseQuestionPage;
