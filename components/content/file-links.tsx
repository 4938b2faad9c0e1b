'use client';

import type { Locale } from '@/lib/i18n/locales';
import { inLang, pieces } from './in-lang';

/**
 * One download link as the text it shows: the file's label in the page's language if any
 * (`labelLang` when not), else its name (the address, `fileUrl`, is unique in a list), type and size.
 */
export type FileLink = { href: string; label: string | null; labelLang?: Locale; name?: string; type: string; size: string };

/** The words of a list of download links in the page's language (`which`: a sentence's pieces, null where the file's name goes). */
export type FileLinksText = { download: string; which: (string | null)[]; nameLang?: Locale };

/**
 * The markup of `FileList` (`file-list.tsx`), from plain data. A client component on purpose: a
 * page's RSC payload then carries each file as a few strings rather than as its element tree (the
 * icon, the spans, the classes), once per file of every publication listed; the HTML is the same,
 * rendered on the server.
 */
export function FileLinks({ files, compact, text }: { files: FileLink[]; compact: boolean; text: FileLinksText }) {
  return (
    <ul className={compact ? 'flex flex-wrap gap-2' : 'space-y-2'}>
      {files.map((f) => (
        <li key={f.href}>
          <a href={f.href} className="download-link" download>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M12 3v12m0 0l-4-4m4 4l4-4M4 19h16" />
            </svg>
            <span>
              {compact ? text.download : f.label ? inLang(f.label, f.labelLang) : f.name}
              {/* Separate text nodes, as before: one text would be shaped differently (kerning across them). */}
              <span className="text-muted">
                {' '}
                ({f.type}, {f.size})
              </span>
              {/* The file's name is French (files have no translation): marked so on English pages. */}
              {compact ? (
                <span className="sr-only">
                  {pieces(text.which.map((p) => p ?? (f.label ? inLang(f.label, f.labelLang) : inLang(f.name, text.nameLang))))}
                </span>
              ) : null}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
