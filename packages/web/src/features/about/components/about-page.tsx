export function AboutPage() {
  return <div>AboutPage</div>;
}
