export function ConfigHistoryPage() {
  return <div>ConfigHistoryPage</div>;
}
