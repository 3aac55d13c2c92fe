import { CardStatisticPage } from '@/features/demo/dashboards/components/card-screens';

export default CardStatisticPage;
