/**
 * The editor's Tiptap extensions: what the server's allowlist (lib/content/html.ts) keeps —
 * paragraphs, h2–h4, bold, italic, lists, quotes, links, images, tables with header rows.
 */
import ImageExtension from '@tiptap/extension-image';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { isAllowedLinkHref } from './link-url';

/** Header cells say which cells they head: the editor only makes header rows, so `col`. */
const ColumnHeader = TableHeader.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      scope: {
        default: 'col',
        parseHTML: (element: HTMLElement) => element.getAttribute('scope') ?? 'col',
        renderHTML: (attributes: { scope?: string }) => ({ scope: attributes.scope }),
      },
    };
  },
});

// Built once: useEditor compares extensions by identity, and these depend on no prop.
export const extensions = [
  StarterKit.configure({
    // h1 is the page's title; h4 stays so that stored or pasted h4 are not flattened.
    heading: { levels: [2, 3, 4] },
    // StarterKit v3 brings Link (and Underline): configured here, not registered a second time.
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      // A link opens where the reader chooses; the sanitizer drops target/rel anyway.
      HTMLAttributes: { target: null, rel: null },
      // Pasted, typed or autolinked: only what the sanitizer keeps becomes a link.
      isAllowedUri: (url) => isAllowedLinkHref(url),
    },
  }),
  ImageExtension.configure({ allowBase64: false }),
  Table.configure({ resizable: false }),
  TableRow,
  ColumnHeader,
  TableCell,
];
