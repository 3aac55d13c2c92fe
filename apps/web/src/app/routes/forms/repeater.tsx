import { RepeaterPage } from '@/features/demo/forms/components/repeater-page';

export default RepeaterPage;
