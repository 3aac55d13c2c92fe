import { HomeDashboard } from '@/features/platform';

export default HomeDashboard;
