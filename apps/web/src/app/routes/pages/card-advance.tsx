import { CardAdvancePage } from '@/features/dashboards/components/card-screens';

export default CardAdvancePage;
