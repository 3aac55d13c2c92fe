import { CardAnalyticPage } from '@/features/dashboards/components/card-screens';

export default CardAnalyticPage;
