/**
 * Rich text (bodies of publications, news, pages…) as written by the back-office editor. Every
 * write goes through `sanitizeRichText`, so what the database holds can be rendered as is; the
 * allowlist is the Tiptap toolbar's, nothing more. `richTextToPlain` derives excerpts and meta
 * descriptions from it.
 */
import sanitizeHtml from 'sanitize-html';
import { filesPrefix } from './addresses';

/** A tag name no allowlist contains: transforming to it unwraps an element and keeps its text. */
const unwrapped = 'x-unwrapped';

/** Base for resolving relative URLs; only its origin matters (a relative URL must stay on it). */
const site = new URL('https://site.invalid/');

/**
 * The URL to keep for an href/src, or null when it is not allowed. The value arrives with its
 * entities decoded by the parser; the browser's own clean-up is applied first (tabs and newlines
 * removed anywhere, control characters and spaces trimmed), so `jav&#x09;ascript:` or
 * ` JAVASCRIPT:` are judged as the browser would read them.
 */
function allowedUrl(raw: string | undefined, rule: { schemes: readonly string[]; pathPrefix: string }): string | null {
  if (raw === undefined) return null;
  const value = raw.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (value.startsWith('/')) {
    // `//host`, `/\host` or `/fichiers/../x` resolve elsewhere than they look: judge the resolved URL.
    let resolved: URL;
    try {
      resolved = new URL(value, site);
    } catch {
      return null;
    }
    return resolved.origin === site.origin && resolved.pathname.startsWith(rule.pathPrefix) ? value : null;
  }
  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (!scheme || !rule.schemes.includes(scheme)) return null;
  return URL.canParse(value) ? value : null;
}

const linkRule = { schemes: ['http', 'https', 'mailto'], pathPrefix: '/' } as const;
const imageRule = { schemes: ['https'], pathPrefix: filesPrefix } as const;

const digits = (value: string | undefined, max: number) =>
  value !== undefined && /^\d{1,6}$/.test(value.trim()) && Number(value) >= 1 && Number(value) <= max ? String(Number(value)) : undefined;

/** Copies the attributes whose value is defined (sanitize-html renders `undefined` as text). */
const defined = (attribs: Record<string, string | undefined>): sanitizeHtml.Attributes =>
  Object.fromEntries(Object.entries(attribs).filter((entry): entry is [string, string] => entry[1] !== undefined));

const scopes = new Set(['row', 'col', 'rowgroup', 'colgroup']);

// Values are checked here rather than with sanitize-html's `values`, which keeps a refused
// attribute as an empty one (`<th scope>`).
const cell =
  (tagName: 'th' | 'td'): sanitizeHtml.Transformer =>
  (_, attribs) => ({
    tagName,
    attribs: defined({
      ...attribs,
      colspan: digits(attribs.colspan, 1000),
      rowspan: digits(attribs.rowspan, 65534),
      scope: attribs.scope !== undefined && scopes.has(attribs.scope.trim().toLowerCase()) ? attribs.scope.trim().toLowerCase() : undefined,
    }),
  });

const richTextOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'em',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'img',
    'figure',
    'figcaption',
    'hr',
    'code',
    'pre',
    'sub',
    'sup',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    img: ['src', 'alt', 'width', 'height'],
  },
  // Second line of defence behind `allowedUrl`: sanitize-html's own scheme check.
  allowedSchemes: [...linkRule.schemes],
  allowedSchemesByTag: { img: [...imageRule.schemes] },
  allowProtocolRelative: false,
  // Dropped with everything inside: what they contain is code, or markup meant for another parser.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'xmp',
    'noscript',
    'noembed',
    'noframes',
    'template',
    'title',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'form',
    'select',
    'button',
    'head',
    'plaintext',
  ],
  disallowedTagsMode: 'discard',
  transformTags: {
    // The page carries its own h1; deeper levels than h4 are folded so that no heading is lost.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    // Older markup (pasted or imported content) for the same marks.
    b: 'strong',
    i: 'em',
    strike: 's',
    del: 's',
    // A link whose target is refused keeps its text; target/rel are never kept (see sanitizeRichText).
    a: (_, attribs) => {
      const href = allowedUrl(attribs.href, linkRule);
      return href === null ? { tagName: unwrapped, attribs: {} } : { tagName: 'a', attribs: defined({ href, title: attribs.title }) };
    },
    // An image from anywhere else is dropped (by `exclusiveFilter`): an <img> without a source is
    // only a broken icon. Not unwrapped: <img> is void, and an unwrapped void element would take
    // the next closing tag as its own (`<img src=x><p>a</p>` → `<p>a</x-unwrapped>`).
    img: (_, attribs) => {
      const src = allowedUrl(attribs.src, imageRule);
      if (src === null) return { tagName: 'img', attribs: {} };
      return {
        tagName: 'img',
        attribs: defined({ src, alt: attribs.alt ?? '', width: digits(attribs.width, 10000), height: digits(attribs.height, 10000) }),
      };
    },
    th: cell('th'),
    td: cell('td'),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/**
 * The server-side allowlist applied to every rich text before it is stored: the tags the editor
 * produces (paragraphs, h2–h4, marks, lists, quotes, tables, images, links, code), no style, no
 * class, no event handler. Anything else is removed — script-like elements (script, style, iframe,
 * svg, math, form…) with their content, other unknown tags keeping their text. `h1` becomes `h2`.
 * Links keep `http:`, `https:`, `mailto:` or a same-site path (`/…`); images keep `https:` or a
 * stored file (`/fichiers/…`). Links get no `target` (a link opens where the reader chooses), hence
 * no `rel="noopener"` either, which only matters for new windows.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, richTextOptions);
}

/** Block-level tags of the sanitized output: their boundaries separate words. */
const blockTag = /<\/?(?:p|br|h[2-4]|blockquote|ul|ol|li|table|thead|tbody|tr|th|td|figure|figcaption|hr|pre)\b[^>]*>/g;

/**
 * Plain text of a rich text, for excerpts and meta descriptions: tags removed (and the content of
 * script-like elements with them), entities decoded, whitespace collapsed. With `maxLength`, the
 * text is cut at a word boundary and ends with « … », the whole staying within `maxLength`.
 */
export function richTextToPlain(html: string, maxLength?: number): string {
  // The sanitizer's output is canonical — `<` and `>` only delimit tags, text escapes only `&`,
  // `<` and `>` — so plain string operations on it are exact, where they would not be on raw HTML.
  const text = sanitizeRichText(html)
    .replace(blockTag, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    // HTML collapses ASCII whitespace only; a no-break space stays where the author put it.
    .replace(/[\t\n\f\r ]+/g, ' ')
    .trim();
  return maxLength === undefined ? text : truncate(text, maxLength);
}

function truncate(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const room = text.slice(0, Math.max(maxLength - 1, 0));
  // Cut before the word the limit falls in, unless that word alone is longer than the room.
  const atWord = text[room.length] === ' ' ? room : room.slice(0, Math.max(room.lastIndexOf(' '), 0)) || room;
  return `${atWord.replace(/[\s.,;:!?…–—-]+$/, '')}…`;
}
