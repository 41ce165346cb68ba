export function ConfigListPage() {
  return <div>ConfigListPage</div>;
}
