import { UsersList } from '@/features/users/components/users-list';

export default UsersList;
