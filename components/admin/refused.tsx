/** What a back-office page shows a user whose role or areas do not allow it: the reason, in French, and the way back. */
import Link from 'next/link';

export function Refused({ reason }: { reason: string }) {
  return (
    <section aria-labelledby="acces-refuse" className="max-w-2xl">
      <h1 id="acces-refuse" className="text-2xl font-bold">
        Accès refusé
      </h1>
      <p className="mt-4" role="alert">
        {reason}
      </p>
      <p className="mt-4">
        <Link href="/admin">Retour au tableau de bord</Link>
      </p>
    </section>
  );
}
