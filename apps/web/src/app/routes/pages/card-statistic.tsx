import { CardStatisticPage } from '@/features/dashboards/components/card-screens';

export default CardStatisticPage;
