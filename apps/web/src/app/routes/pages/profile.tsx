import { ProfilePage } from '@/features/demo/pages/components/profile-page';

export default ProfilePage;
