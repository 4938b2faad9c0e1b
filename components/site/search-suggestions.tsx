'use client';

import { useEffect, useState } from 'react';

type Suggestion = { title: string; url: string; kindLabel: string };

/**
 * Progressive enhancement of the header search box: titles of matching pages in a `<datalist>`
 * while the reader types (the form works without it); choosing one opens its page.
 */
export function SearchSuggestions({ inputId, listId }: { inputId: string; listId: string }) {
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
        <option key={s.url} value={s.title} label={s.kindLabel} />
      ))}
    </datalist>
  );
}
