/** The toolbar's glyphs (decorative: each button is named by its label). */
import type { ReactNode } from 'react';

const svg = (children: ReactNode) => (
  <svg
    viewBox="0 0 24 24"
    width="18"
    height="18"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    {children}
  </svg>
);

export const icons = {
  bulletList: svg(
    <>
      <path d="M9 6h11M9 12h11M9 18h11" />
      <circle cx="4.5" cy="6" r="1" fill="currentColor" />
      <circle cx="4.5" cy="12" r="1" fill="currentColor" />
      <circle cx="4.5" cy="18" r="1" fill="currentColor" />
    </>,
  ),
  orderedList: svg(
    <>
      <path d="M10 6h10M10 12h10M10 18h10" />
      <path d="M4 4h1v4M4 8h2" strokeWidth="1.5" />
      <path d="M4 14.5a1 1 0 0 1 2 0c0 .8-2 1.5-2 2.5h2" strokeWidth="1.5" />
    </>,
  ),
  quote: svg(
    <>
      <path d="M4 17c3 0 4-2 4-5V7H4v5h4" />
      <path d="M14 17c3 0 4-2 4-5V7h-4v5h4" />
    </>,
  ),
  link: svg(
    <>
      <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
      <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
    </>,
  ),
  table: svg(
    <>
      <rect x="3" y="4" width="18" height="16" rx="1.5" />
      <path d="M3 9.5h18M3 15h18M9 4v16M15 4v16" />
    </>,
  ),
  image: svg(
    <>
      <rect x="3" y="4" width="18" height="16" rx="1.5" />
      <circle cx="9" cy="10" r="1.5" />
      <path d="m21 16-5-5-9 9" />
    </>,
  ),
  undo: svg(
    <>
      <path d="M9 14 4 9l5-5" />
      <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
    </>,
  ),
  redo: svg(
    <>
      <path d="m15 14 5-5-5-5" />
      <path d="M20 9H9.5a5.5 5.5 0 0 0 0 11H13" />
    </>,
  ),
};
