export function ClusterPage() {
  return <div>ClusterPage</div>;
}
