import { UserEdit } from '@/features/demo/users/components/user-edit';

export default UserEdit;
