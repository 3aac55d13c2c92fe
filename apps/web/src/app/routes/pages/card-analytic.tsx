import { CardAnalyticPage } from '@/features/demo/dashboards/components/card-screens';

export default CardAnalyticPage;
