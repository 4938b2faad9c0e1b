import { fileTypeLabel, formatFileSize } from '@/lib/i18n/format';
import type { PublicFile } from '@/lib/content/queries/files';
import { fileUrl } from '@/lib/content/addresses';
import { langAttr } from '@/lib/i18n/content';
import { defaultLocale, type Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { FileLinks, type FileLink, type FileLinksText } from './file-links';

/** A list's files as the plain data `FileLinks` draws, in `locale` (a label in English where the back-office gives one, issue 29). */
export function fileLinks(files: PublicFile[], locale: Locale): FileLink[] {
  return files.map((file) => {
    const english = locale === 'en' ? file.translations?.en?.label?.trim() : undefined;
    const label = english || file.label;
    const labelLang = label ? langAttr(english ? locale : defaultLocale, locale) : undefined;
    return {
      href: fileUrl(file),
      label,
      ...(labelLang ? { labelLang } : {}),
      ...(label ? {} : { name: file.name }),
      type: fileTypeLabel(file.ext, locale),
      size: formatFileSize(file.size, locale),
    };
  });
}

/** The words `FileLinks` needs in `locale`. */
export function fileLinksText(locale: Locale): FileLinksText {
  const t = messages(locale).content.files;
  const nameLang = langAttr(defaultLocale, locale);
  return { download: t.download, which: t.which(null), ...(nameLang ? { nameLang } : {}) };
}

/**
 * Download links with type and size. A file's label in the page's language where the back-office
 * gives one (issue 29), else French, marked `lang="fr"` on other pages; a file's name is always French.
 */
export function FileList({ files, compact = false, locale }: { files: PublicFile[]; compact?: boolean; locale: Locale }) {
  if (files.length === 0) return null;
  return <FileLinks files={fileLinks(files, locale)} compact={compact} text={fileLinksText(locale)} />;
}
