'use client';

import { useEffect, useState } from 'react';

/** As `/api/recherche/suggestions` answers (lib/search/query.ts): `kindLabel` is French, `source` says what it is. */
type Suggestion = { title: string; url: string; kindLabel: string; source?: string };

/**
 * Progressive enhancement of the header search box: titles of matching pages in a `<datalist>`
 * while the reader types (the form works without it); choosing one opens its page. Each is named
 * by what it is in the page's language (`kindLabels`, from the server parent).
 */
export function SearchSuggestions({ inputId, listId, kindLabels }: { inputId: string; listId: string; kindLabels: Readonly<Record<string, string>> }) {
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
        window.location.assign(chosen.url);
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(async () => {
        const q = input.value.trim();
        if (q.length < 2) return setItems((latest = []));
        controller?.abort();
        controller = new AbortController();
        try {
          const res = await fetch(`/api/recherche/suggestions?q=${encodeURIComponent(input.value)}`, { signal: controller.signal });
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
  }, [inputId, listId]);

  return (
    <datalist id={listId}>
      {items.map((s) => (
        <option key={s.url} value={s.title} label={(s.source && kindLabels[s.source]) || s.kindLabel} />
      ))}
    </datalist>
  );
}
