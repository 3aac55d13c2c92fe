import { ProfilePage } from '@/features/pages/components/profile-page';

export default ProfilePage;
