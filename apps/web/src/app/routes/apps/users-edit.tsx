import { UserEdit } from '@/features/users/components/user-edit';

export default UserEdit;
