import { LayoutPage } from '@/features/demo/forms/components/layout-page';

export default LayoutPage;
