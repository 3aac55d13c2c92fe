import { EcommerceDashboard } from '@/features/dashboards/components/dashboard-screens';

export default EcommerceDashboard;
