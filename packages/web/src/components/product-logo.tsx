/**
 * The product mark, drawn inline: the header and the login page show it without a request of their own
 * (the same picture as /rnacos/server.svg, which the browser fetches once, as the tab icon).
 */
export function ProductLogo({ size }: { size: number }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 32 32"
      width={size}
      height={size}
      aria-hidden="true"
      data-testid="product-logo"
    >
      <rect width="32" height="32" rx="6" fill="#1677ff" />
      <rect x="7" y="7" width="18" height="5" rx="1.5" fill="#fff" />
      <rect x="7" y="14" width="18" height="5" rx="1.5" fill="#fff" opacity=".85" />
      <rect x="7" y="21" width="18" height="5" rx="1.5" fill="#fff" opacity=".7" />
    </svg>
  );
}
