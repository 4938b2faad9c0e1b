/**
 * The « Version anglaise (facultative) » group of an edit form (issue 15): the English fields
 * (`en.title`, `en.body`…) beside the French ones, with what an empty field means.
 */
export function EnglishFieldset({
  id,
  children,
  hint = 'Affichée sur le site en anglais. Un champ laissé vide y montre le texte français.',
}: {
  id: string;
  children: React.ReactNode;
  hint?: string;
}) {
  return (
    <fieldset aria-describedby={`${id}-aide`} className="space-y-4 rounded-md border border-border p-4">
      <legend className="px-1 font-semibold">Version anglaise (facultative)</legend>
      <p id={`${id}-aide`} className="text-sm text-muted">
        {hint}
      </p>
      {children}
    </fieldset>
  );
}
