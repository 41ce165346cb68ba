export function NamespacePage() {
  return <div>NamespacePage</div>;
}
