import { Logo } from './logo';

/** Shown while the session check runs: the logo, a spinner and what is loading (the caller's words). */
export function LoadingScreen({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-[60vh] flex-col items-center justify-center gap-6">
      <Logo size={64} />
      <span
        aria-hidden="true"
        className="block h-8 w-8 rounded-full border-4 border-border border-t-primary"
        style={{ animation: 'spin 0.8s linear infinite' }}
      />
      <span className="text-muted">{label}</span>
    </div>
  );
}
