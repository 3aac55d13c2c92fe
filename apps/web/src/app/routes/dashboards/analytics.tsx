import { AnalyticsDashboard } from '@/features/dashboards/components/dashboard-screens';

export default AnalyticsDashboard;
