import { PricingPage } from '@/features/pages/components/pricing-page';

export default PricingPage;
