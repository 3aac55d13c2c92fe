import { AccessControlPage } from '@/features/pages/components/access-control';

export default AccessControlPage;
