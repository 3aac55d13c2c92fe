import { EcommerceDashboard } from '@/features/demo/dashboards/components/dashboard-screens';

export default EcommerceDashboard;
