/** The institute's emblem: a stylised bar chart, drawn inline (no request, any size). */
export function Logo({ size = 40, className }: { size?: number; className?: string }) {
  return (
    <svg viewBox="0 0 48 48" width={size} height={size} aria-hidden="true" className={className}>
      <rect width="48" height="48" rx="10" fill="var(--primary)" />
      <rect x="10" y="26" width="6" height="12" rx="1" fill="var(--primary-fg)" />
      <rect x="21" y="18" width="6" height="20" rx="1" fill="var(--primary-fg)" />
      <rect x="32" y="10" width="6" height="28" rx="1" fill="var(--primary-fg)" />
    </svg>
  );
}
