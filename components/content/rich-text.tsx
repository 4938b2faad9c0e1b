import type { Locale } from '@/lib/i18n/locales';

/**
 * Rich text from the database. It is sanitized on every write (never rendered unsanitized input).
 * `lang` marks a text shown in another language than the page's (French on an English page).
 */
export function RichText({ html, className = '', lang }: { html: string; className?: string; lang?: Locale }) {
  return <div lang={lang} className={`prose-content ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
