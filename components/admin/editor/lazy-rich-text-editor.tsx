'use client';
/**
 * The rich-text editor loaded on demand: Tiptap stays out of the forms' first bundle, and the
 * server renders a read-only placeholder with the label, at the editor's height, that carries the
 * current value in its hidden input until the editor takes over.
 */
import dynamic from 'next/dynamic';
import { createContext, use, type JSX } from 'react';
import type { RichTextEditorProps } from './rich-text-frame';
import { RichTextPlaceholder } from './rich-text-frame';

export type { RichTextEditorProps } from './rich-text-frame';

// next/dynamic gives its loading component no props; the placeholder reads them from here.
const PlaceholderProps = createContext<RichTextEditorProps | null>(null);

function Loading() {
  const props = use(PlaceholderProps);
  return props ? <RichTextPlaceholder {...props} /> : null;
}

const Editor = dynamic(() => import('./rich-text-editor').then((m) => m.RichTextEditor), { ssr: false, loading: Loading });

export function LazyRichTextEditor(props: RichTextEditorProps): JSX.Element {
  return (
    <PlaceholderProps value={props}>
      <Editor {...props} />
    </PlaceholderProps>
  );
}
