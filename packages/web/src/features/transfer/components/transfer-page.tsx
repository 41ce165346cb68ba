export function TransferPage() {
  return <div>TransferPage</div>;
}
