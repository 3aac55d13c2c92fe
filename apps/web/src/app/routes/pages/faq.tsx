import { FaqPage } from '@/features/demo/pages/components/faq-page';

export default FaqPage;
