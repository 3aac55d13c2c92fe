import { PricingPage } from '@/features/demo/pages/components/pricing-page';

export default PricingPage;
