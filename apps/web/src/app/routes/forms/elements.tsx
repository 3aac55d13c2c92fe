import { ElementsPage } from '@/features/demo/forms/components/elements-page';

export default ElementsPage;
