import { UsersList } from '@/features/demo/users/components/users-list';

export default UsersList;
