import Link from 'next/link';
import { LibraryUpload } from '@/components/admin/files/library-upload';
import { AdminPager, filteredHref } from '@/components/admin/pager';
import { FileRowActions } from '@/components/admin/files/file-row-actions';
import { AccessNote } from '@/components/admin/read-only';
import { can, needs, refusal } from '@/lib/admin/access';
import { adminActor } from '@/lib/admin/page-access';
import { getDb } from '@/lib/db';
import { acceptedTypes } from '@/lib/file-types';
import { listFiles, type LibraryFile } from '@/lib/files/library';
import { fileTypeLabel, formatDateTime, formatFileSize } from '@/lib/i18n/format';

export const metadata = { title: 'Fichiers — Administration' };

type Props = { searchParams: Promise<{ q?: string; type?: string; page?: string }> };

const PER_PAGE = 25;

/** What the search knows of a document's text. */
function textStatus(text: NonNullable<LibraryFile['text']>, ext: string): string {
  if (text.status === 'pending') return text.error ? `Lecture du texte à réessayer (${text.error})` : 'Texte en cours de lecture';
  if (text.status === 'done') return `Texte lu pour la recherche${text.pages && ext === 'pdf' ? ` (${text.pages} p.)` : ''}`;
  if (text.status === 'empty') return ext === 'pdf' ? 'PDF scanné : aucun texte à rechercher' : 'Aucun texte à rechercher';
  return `Texte illisible : ${text.error ?? 'erreur inconnue'}`;
}

export default async function FilesPage({ searchParams }: Props) {
  const actor = await adminActor();
  // As app/api/files decides: uploading takes an area (or a publisher), deleting a publisher, renaming a publisher or the uploader.
  const uploadRefusal = refusal(actor, needs.upload);
  const mayDelete = can(actor, needs.deleteForGood);
  const mayRenameAny = can(actor, needs.publish());
  const { q = '', type = '', page: rawPage } = await searchParams;
  const page = Math.max(1, Math.min(10_000, Number.parseInt(rawPage ?? '1', 10) || 1));
  const result = await listFiles(await getDb(), { q, type, page, perPage: PER_PAGE });
  const pages = Math.max(1, Math.ceil(result.total / PER_PAGE));

  return (
    <>
      <h1 className="text-2xl font-bold">Fichiers</h1>
      <p className="mt-2 max-w-2xl text-muted">
        Tous les documents et images du site. Un fichier utilisé par un contenu ne peut pas être supprimé : retirez-le d’abord de ce
        contenu.
      </p>

      <section aria-labelledby="envoyer" className="mt-6 max-w-2xl">
        <h2 id="envoyer" className="mb-2 text-lg font-semibold">
          Envoyer des fichiers
        </h2>
        {uploadRefusal ? <AccessNote>{uploadRefusal}</AccessNote> : <LibraryUpload />}
      </section>

      <section aria-labelledby="bibliotheque" className="mt-10">
        <h2 id="bibliotheque" className="text-lg font-semibold">
          Bibliothèque ({result.total} fichier{result.total > 1 ? 's' : ''})
        </h2>
        <form method="get" role="search" className="mt-3 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="q" className="block text-sm font-medium">
              Rechercher
            </label>
            <input id="q" name="q" type="search" defaultValue={q} className="mt-1 rounded-md border border-border bg-bg px-3 py-2" />
          </div>
          <div>
            <label htmlFor="type" className="block text-sm font-medium">
              Type
            </label>
            <select id="type" name="type" defaultValue={type} className="mt-1 rounded-md border border-border bg-bg px-3 py-2">
              <option value="">Tous</option>
              {Object.entries(acceptedTypes).map(([key, t]) => (
                <option key={key} value={key}>
                  {fileTypeLabel(t.exts[0])}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="rounded-md border border-border px-4 py-2 hover:bg-surface-2">
            Filtrer
          </button>
        </form>

        <div className="mt-4 overflow-x-auto">
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">Fichiers de la bibliothèque</caption>
            <thead>
              <tr className="border-b border-border text-left">
                <th scope="col" className="py-2 pr-4">
                  Nom
                </th>
                <th scope="col" className="py-2 pr-4">
                  Type
                </th>
                <th scope="col" className="py-2 pr-4 text-right">
                  Taille
                </th>
                <th scope="col" className="py-2 pr-4">
                  Envoyé par
                </th>
                <th scope="col" className="py-2 pr-4">
                  Date
                </th>
                <th scope="col" className="py-2 pr-4">
                  Utilisé dans
                </th>
                <th scope="col" className="py-2 pr-4 text-right">
                  Téléchargements
                </th>
                <th scope="col" className="py-2">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {result.files.map((f) => (
                <tr key={f.id} className="border-b border-border align-top">
                  <th scope="row" className="py-2 pr-4 text-left font-medium break-all">
                    <a href={f.url}>{f.name}</a>
                    {f.restricted ? <span className="ml-2 text-xs text-muted">(réservé)</span> : null}
                  </th>
                  <td className="py-2 pr-4">
                    {fileTypeLabel(f.ext)}
                    {f.text ? <span className="block text-xs text-muted">{textStatus(f.text, f.ext)}</span> : null}
                  </td>
                  <td className="py-2 pr-4 text-right whitespace-nowrap tabular-nums">{formatFileSize(f.size)}</td>
                  <td className="py-2 pr-4">{f.uploadedBy ?? 'Contenu de démonstration'}</td>
                  <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(f.createdAt)}</td>
                  <td className="py-2 pr-4">
                    {f.uses.length === 0 ? (
                      <span className="text-muted">Nulle part</span>
                    ) : (
                      <ul>
                        {f.uses.map((u) => (
                          <li key={u.label}>
                            <Link href={u.adminPath}>{u.label}</Link>
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td className="py-2 pr-4 text-right tabular-nums">{f.downloadCount.toLocaleString('fr-FR')}</td>
                  <td className="py-2">
                    <FileRowActions
                      id={f.id}
                      name={f.name}
                      canRename={mayRenameAny || (uploadRefusal === null && f.uploadedById === actor.id)}
                      canDelete={mayDelete}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {result.files.length === 0 ? <p className="mt-4 text-muted">Aucun fichier ne correspond à cette recherche.</p> : null}
        </div>
        <AdminPager
          page={page}
          pages={pages}
          label="Pages de la bibliothèque"
          href={(p) => filteredHref('/admin/fichiers', { q, type }, p)}
        />
      </section>
    </>
  );
}
