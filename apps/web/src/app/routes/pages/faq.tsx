import { FaqPage } from '@/features/pages/components/faq-page';

export default FaqPage;
