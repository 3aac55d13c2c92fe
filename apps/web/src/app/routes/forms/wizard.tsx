import { WizardPage } from '@/features/demo/forms/components/wizard-page';

export default WizardPage;
