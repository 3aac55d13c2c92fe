import type { PricingData } from '@/features/demo/pages/api/pricing';

/** Pricing of the demo (seed §9): basic 0; standard 49 or 40 × 12 = 480; enterprise 99 or 80 × 12 = 960. */
export const pricingData: PricingData = {
  basicPlan: {
    title: 'Basic',
    img: 'basic',
    subtitle: 'A simple start for everyone',
    monthlyPrice: 0,
    yearlyPlan: { perMonth: 0, totalAnual: 0 },
    planBenefits: [
      '100 responses a month',
      'Unlimited forms and surveys',
      'Unlimited fields',
      'Basic form creation tools',
      'Up to 2 subdomains',
    ],
    popular: false,
  },
  standardPlan: {
    title: 'Standard',
    img: 'standard',
    subtitle: 'For small to medium businesses',
    monthlyPrice: 49,
    yearlyPlan: { perMonth: 40, totalAnual: 480 },
    planBenefits: [
      'Unlimited responses',
      'Unlimited forms and surveys',
      'Instagram profile page',
      'Google Docs integration',
      'Custom “Thank you” page',
    ],
    popular: true,
  },
  enterprisePlan: {
    title: 'Enterprise',
    img: 'enterprise',
    subtitle: 'Solution for big organizations',
    monthlyPrice: 99,
    yearlyPlan: { perMonth: 80, totalAnual: 960 },
    planBenefits: [
      'PayPal payments',
      'Logic Jumps',
      'File upload with 5GB storage',
      'Custom domain support',
      'Stripe integration',
    ],
    popular: false,
  },
  qandA: [
    {
      question: 'Does my subscription automatically renew?',
      ans: 'Yes. It renews at the end of each period until you cancel it in the account settings.',
    },
    {
      question: 'Can I store the item on an intranet so everyone has access?',
      ans: 'Yes. The Enterprise plan can run on your own servers and is available to everyone in your organisation.',
    },
    {
      question: 'Am I allowed to modify the item that I purchased?',
      ans: 'Yes. Reports, cubes and procedures you build are yours to change and share inside your domain.',
    },
  ],
};
