export function MonitorPage() {
  return <div>MonitorPage</div>;
}
