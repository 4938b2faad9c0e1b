'use client';
// An error inside a back-office screen: shown in the admin frame (the layout's sidebar and header
// stay), with the reference a user can quote to the site's administrator.
import Link from 'next/link';

export default function AdminError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <section aria-labelledby="erreur-admin" role="alert" className="max-w-2xl">
      <h1 id="erreur-admin" className="text-2xl font-bold">
        Cet écran n’a pas pu s’afficher
      </h1>
      <p className="mt-2">
        Une erreur du serveur l’en a empêché. Vos modifications déjà enregistrées ne sont pas perdues. Réessayez ; si cela persiste,
        transmettez la référence ci-dessous à l’administrateur du site.
      </p>
      {error.digest ? (
        <p className="mt-2 text-sm">
          Référence de l’erreur : <code className="select-all">{error.digest}</code>
        </p>
      ) : null}
      <div className="mt-4 flex gap-3">
        <button
          type="button"
          onClick={reset}
          className="rounded-md bg-primary px-4 py-2 font-semibold text-primary-fg hover:bg-primary-hover"
        >
          Réessayer
        </button>
        <Link href="/admin" className="rounded-md border border-border px-4 py-2 no-underline">
          Tableau de bord
        </Link>
      </div>
    </section>
  );
}
