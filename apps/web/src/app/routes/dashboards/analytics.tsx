import { AnalyticsDashboard } from '@/features/demo/dashboards/components/dashboard-screens';

export default AnalyticsDashboard;
