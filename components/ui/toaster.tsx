'use client';

import { Toaster as Sonner } from 'sonner';

/** Toasts bottom-right, 5000 ms, paused while hovered (sonner's default), primary colour. */
export function Toaster() {
  return (
    <Sonner
      position="bottom-right"
      duration={5000}
      toastOptions={{
        style: { background: 'var(--primary)', color: 'var(--primary-fg)', border: '1px solid var(--primary-hover)' },
      }}
    />
  );
}
