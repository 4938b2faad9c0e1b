'use client';

import { useEffect, useState } from 'react';
import type { Locale } from '@/lib/i18n/locales';
import { localePath } from '@/lib/i18n/paths';

/**
 * As `/api/recherche/suggestions` answers (lib/search/query.ts): `url` is the French path,
 * `kindLabel` French, `source` says what it is; asked with `lang=en`, titles are English where
 * written and `lang` says which language each is in.
 */
type Suggestion = { title: string; url: string; kindLabel: string; source?: string; lang?: string };

/**
 * Progressive enhancement of the header search box: titles of matching pages in a `<datalist>`
 * while the reader types (the form works without it); choosing one opens its page. Each is named
 * by what it is in the page's language (`kindLabels`, from the server parent) and opened in it (`locale`).
 */
export function SearchSuggestions({
  inputId,
  listId,
  kindLabels,
  locale,
}: {
  inputId: string;
  listId: string;
  kindLabels: Readonly<Record<string, string>>;
  locale: Locale;
}) {
  const [items, setItems] = useState<Suggestion[]>([]);

  useEffect(() => {
    const input = document.getElementById(inputId);
    if (!(input instanceof HTMLInputElement)) return;
    input.setAttribute('list', listId);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | undefined;
    let latest: Suggestion[] = [];
    const onInput = () => {
      const chosen = latest.find((s) => s.title === input.value);
      if (chosen) {
        window.location.assign(localePath(locale, chosen.url));
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(async () => {
        const q = input.value.trim();
        if (q.length < 2) return setItems((latest = []));
        controller?.abort();
        controller = new AbortController();
        try {
          const lang = locale === 'fr' ? '' : `&lang=${locale}`;
          const res = await fetch(`/api/recherche/suggestions?q=${encodeURIComponent(input.value)}${lang}`, { signal: controller.signal });
          if (!res.ok) return;
          const body = (await res.json()) as { suggestions: Suggestion[] };
          setItems((latest = body.suggestions));
        } catch {
          // Offline, aborted or refused: the form still searches.
        }
      }, 150);
    };
    input.addEventListener('input', onInput);
    return () => {
      input.removeEventListener('input', onInput);
      clearTimeout(timer);
      controller?.abort();
    };
  }, [inputId, listId, locale]);

  return (
    <datalist id={listId}>
      {items.map((s) => (
        <option
          key={s.url}
          value={s.title}
          label={(s.source && kindLabels[s.source]) || s.kindLabel}
          lang={s.lang && s.lang !== locale ? s.lang : undefined}
        />
      ))}
    </datalist>
  );
}
