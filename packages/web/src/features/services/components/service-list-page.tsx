export function ServiceListPage() {
  return <div>ServiceListPage</div>;
}
