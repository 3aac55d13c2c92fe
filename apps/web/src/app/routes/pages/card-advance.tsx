import { CardAdvancePage } from '@/features/demo/dashboards/components/card-screens';

export default CardAdvancePage;
