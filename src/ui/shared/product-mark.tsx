/**
 * SafePlace's mark: a shield with a tick, the same drawing as the favicon (public/favicon.svg). Decorative: the
 * product's name is always written beside it.
 */
export function ProductMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="product-mark">
      <rect width="32" height="32" rx="7" fill="#1a5fd0" />
      <path d="M16 4.5 7 8.1v7c0 6.1 3.9 10.6 9 12.4 5.1-1.8 9-6.3 9-12.4v-7z" fill="#fff" />
      <path
        d="m11.6 16 3.2 3.2 5.8-6.2"
        fill="none"
        stroke="#1a5fd0"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
