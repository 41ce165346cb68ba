export function UserListPage() {
  return <div>UserListPage</div>;
}
