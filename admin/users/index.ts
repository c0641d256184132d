export { UserList } from './UserList';
