import { AccessControlPage } from '@/features/demo/pages/components/access-control';

export default AccessControlPage;
