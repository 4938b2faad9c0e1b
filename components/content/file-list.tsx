import { fileTypeLabel, formatFileSize } from '@/lib/i18n/format';
import type { PublicFile } from '@/lib/content/queries/files';
import { fileUrl } from '@/lib/content/addresses';
import { langAttr } from '@/lib/i18n/content';
import { defaultLocale, type Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { inLang, pieces } from './in-lang';

/**
 * Download links with type and size. A file's label in the page's language where the back-office
 * gives one (issue 29), else French, marked `lang="fr"` on other pages; a file's name is always French.
 */
export function FileList({ files, compact = false, locale }: { files: PublicFile[]; compact?: boolean; locale: Locale }) {
  if (files.length === 0) return null;
  const t = messages(locale).content.files;
  return (
    <ul className={compact ? 'flex flex-wrap gap-2' : 'space-y-2'}>
      {files.map((file) => {
        const english = locale === 'en' ? file.translations?.en?.label?.trim() : undefined;
        const f = english ? { ...file, label: english } : file;
        const labelLang = langAttr(english ? locale : defaultLocale, locale);
        return (
          <li key={f.id}>
            <a href={fileUrl(f)} className="download-link" download>
              <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M12 3v12m0 0l-4-4m4 4l4-4M4 19h16" />
              </svg>
              <span>
                {compact ? t.download : f.label ? inLang(f.label, labelLang) : f.name}
                <span className="text-muted">
                  {' '}
                  ({fileTypeLabel(f.ext, locale)}, {formatFileSize(f.size, locale)})
                </span>
                {/* The file's name is French (files have no translation): marked so on English pages. */}
                {compact ? (
                  <span className="sr-only">
                    {pieces(t.which(f.label ? inLang(f.label, labelLang) : inLang(f.name, langAttr(defaultLocale, locale))))}
                  </span>
                ) : null}
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
