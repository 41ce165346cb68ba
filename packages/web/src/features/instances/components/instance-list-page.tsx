export function InstanceListPage() {
  return <div>InstanceListPage</div>;
}
