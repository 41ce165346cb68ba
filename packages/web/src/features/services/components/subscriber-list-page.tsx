export function SubscriberListPage() {
  return <div>SubscriberListPage</div>;
}
