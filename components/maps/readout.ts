/**
 * The map read-out (components/maps/map-figure.tsx): one listener on the document shows the name and
 * value of the area under the pointer or the keyboard's focus beside its map. Self-contained — it is
 * also inlined as text in the page, so it runs before hydration — and installed once per document.
 */
export function installMapReadout(): void {
  const w = window as Window & { __mapReadout?: 1 };
  if (w.__mapReadout) return;
  w.__mapReadout = 1;
  const show = (event: Event) => {
    const target = event.target as Element | null;
    const area = target && target.closest ? target.closest('.map-area') : null;
    if (!area) return;
    const figure = area.closest('[data-map]');
    const out = figure ? figure.querySelector<HTMLElement>('[data-map-readout]') : null;
    if (!out) return;
    const title = area.querySelector('title');
    out.textContent = title ? title.textContent : '';
    out.hidden = !title;
  };
  document.addEventListener('focusin', show);
  document.addEventListener('mouseover', show);
}
