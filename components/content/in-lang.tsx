import { Fragment, type ReactNode } from 'react';
import type { Locale } from '@/lib/i18n/locales';

/**
 * `text` in a `<span lang>` when it is shown in another language than the page's (`lang` from
 * `langAttr`), else as it is: inline text keeps the markup it had where nothing needs marking.
 */
export function inLang(text: ReactNode, lang: Locale | undefined): ReactNode {
  return lang ? <span lang={lang}>{text}</span> : text;
}

/** A sentence's pieces from the catalogue (`['Period: ', element]`), its elements among its words. */
export const pieces = (list: readonly ReactNode[]) => list.map((p, i) => <Fragment key={i}>{p}</Fragment>);
