import { describe, expect, it } from 'vitest';
import { richTextToPlain, sanitizeRichText } from './html';

/** Markers of executable content that must never survive, whatever the input. */
const dangerous = /<script|<style|<iframe|<svg|<math|<object|<embed|<form|\son\w+\s*=|javascript:|vbscript:|data:|style=/i;

describe('sanitizeRichText', () => {
  it.each([
    ['a script element and its code', '<p>Avant</p><script>alert(1)</script><p>Après</p>', '<p>Avant</p><p>Après</p>'],
    ['a script element in upper case', '<p>a</p><SCRIPT SRC="https://evil.example/x.js"></SCRIPT>', '<p>a</p>'],
    ['an event handler on an image', '<img src=x onerror=alert(1)>', ''],
    [
      'a refused image before a paragraph',
      '<img src="x" onerror="alert(1)"><p><a href="javascript:alert(1)">lien</a></p><p>Fin</p>',
      '<p>lien</p><p>Fin</p>',
    ],
    [
      'an event handler on an allowed image',
      '<img src="/fichiers/1/a.png" onerror="alert(1)" alt="a">',
      '<img src="/fichiers/1/a.png" alt="a" />',
    ],
    ['an event handler on a paragraph', '<p onclick="alert(1)" onmouseover=alert(2)>Texte</p>', '<p>Texte</p>'],
    ['a javascript: link', '<a href="javascript:alert(1)">Cliquez</a>', 'Cliquez'],
    ['a javascript: link with a tab entity in the scheme', '<a href="jav&#x09;ascript:alert(1)">x</a>', 'x'],
    ['a javascript: link with a newline entity in the scheme', '<a href="jav&NewLine;ascript&colon;alert(1)">x</a>', 'x'],
    ['a javascript: link with a raw tab and leading controls', '<a href="\u0001 \tjava\tscript:alert(1)">x</a>', 'x'],
    ['an entity-encoded javascript: link', '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>', 'x'],
    ['an upper-case JAVASCRIPT: link', '<a href="JaVaScRiPt:alert(1)">x</a>', 'x'],
    ['a vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', 'x'],
    ['a data: link', '<a href="data:text/html,<script>alert(1)</script>">x</a>', 'x'],
    ['a data: link in base64', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', 'x'],
    ['a data: image', '<img src="data:image/svg+xml;base64,PHN2Zz4=">', ''],
    ['an svg with onload and its content', '<svg onload="alert(1)"><a href="/x"><text>t</text></a></svg><p>ok</p>', '<p>ok</p>'],
    ['an iframe and its content', '<iframe src="https://evil.example">contenu</iframe><p>ok</p>', '<p>ok</p>'],
    ['a style element', '<style>p { color: red } body { background: url(javascript:alert(1)) }</style><p>ok</p>', '<p>ok</p>'],
    ['a math element with a link inside', '<math><mtext><a href="javascript:alert(1)">x</a></mtext></math><p>ok</p>', '<p>ok</p>'],
    ['an object and an embed', '<object data="x.swf"><embed src="x.swf"></object><p>ok</p>', '<p>ok</p>'],
    ['a form and its fields', '<form action="https://evil.example"><input name="a"><button>Envoyer</button></form><p>ok</p>', '<p>ok</p>'],
    [
      'style attributes',
      '<p style="position:fixed;top:0">Texte <strong style="color:red">gras</strong></p>',
      '<p>Texte <strong>gras</strong></p>',
    ],
    ['classes and ids', '<p class="x" id="y">Texte</p>', '<p>Texte</p>'],
    [
      'comments (conditional comments included)',
      '<p>a<!-- <script>alert(1)</script> --></p><!--[if IE]><script>x</script><![endif]-->',
      '<p>a</p>',
    ],
    ['a protocol-relative link', '<a href="//evil.example/">x</a>', 'x'],
    ['a backslash path that browsers read as another host', '<a href="/\\evil.example/">x</a>', 'x'],
    ['a relative link not rooted at /', '<a href="page.html">x</a>', 'x'],
    ['an image from elsewhere on the site', '<img src="/admin/users">', ''],
    ['an image escaping /fichiers/ with dots', '<img src="/fichiers/../admin/users">', ''],
    ['an image over http', '<img src="http://example.org/a.png">', ''],
    ['target and rel on a link', '<a href="https://example.org" target="_blank" rel="opener">x</a>', '<a href="https://example.org">x</a>'],
    ['unknown tags, keeping their text', '<div><span>Texte</span> <font color="red">rouge</font></div>', 'Texte rouge'],
  ])('removes %s', (_, input, expected) => {
    const output = sanitizeRichText(input);
    expect(output).toBe(expected);
    expect(output).not.toMatch(dangerous);
  });

  it.each([
    '<scr<script>ipt>alert(1)</script>',
    '<scr<script>ipt>alert(1)</scr</script>ipt>',
    '<<script>script>alert(1)<</script>/script>',
    '<img src="x" alt="<script>alert(1)</script>">',
    '<a href="/ok" title="&quot;><script>alert(1)</script>">x</a>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    '<svg><style><img src=x onerror=alert(1)></style></svg>',
    '<math><mi><table><mglyph><style><img src=x onerror=alert(1)>',
    '<p>a</p><textarea><script>alert(1)</script></textarea>',
    '<template><script>alert(1)</script></template><p>a</p>',
    '<a href=" javascript:alert(1)">x</a><a href="java\u0000script:alert(1)">y</a>',
  ])('leaves nothing executable from the nested trick %s', (input) => {
    const output = sanitizeRichText(input);
    expect(output).not.toMatch(dangerous);
    expect(output).not.toMatch(/<(?!\/?(?:p|a|img)\b)[a-z]/i);
    // Sanitized output is a fixed point: a second pass changes nothing, so stored HTML is stable.
    expect(sanitizeRichText(output)).toBe(output);
  });

  it('keeps the editor’s content unchanged', () => {
    const body = [
      '<h2>Résultats</h2>',
      '<p>L’indice des prix a <strong>augmenté</strong> de <em>0,4 %</em> en ' +
        '<u>octobre</u>, <s>baisse</s> hausse, CO<sub>2</sub>, m<sup>2</sup>.</p>',
      '<h3>Détail</h3>',
      '<h4>Par fonction</h4>',
      '<ul><li><p>Alimentation</p></li><li><p>Énergie</p></li></ul>',
      '<ol><li><p>Premier</p></li></ol>',
      '<blockquote><p>Citation</p></blockquote>',
      '<table><thead><tr><th scope="col" colspan="2">Postes</th><th rowspan="2">Variation</th></tr></thead>',
      '<tbody><tr><td colspan="2" rowspan="1">Total</td><td>0,4</td></tr></tbody></table>',
      '<figure><img src="/fichiers/4f1c2d3e-0000-4000-8000-000000000001/graphique.png" ' +
        'alt="Évolution de l’indice" width="640" height="360" />',
      '<figcaption>Source : institut</figcaption></figure>',
      '<img src="https://cdn.example.org/carte.png" alt="Carte" />',
      '<p><a href="https://example.org/rapport?x=1&amp;y=2" title="Le rapport">rapport</a>, ',
      '<a href="/indice/ipc/ipc-octobre-2026">la note</a>, <a href="http://example.org">ancien site</a>, ',
      '<a href="mailto:contact@example.org">écrire</a>, <a href="/fichiers/1/note.pdf">PDF</a></p>',
      '<hr />',
      '<pre><code>const x = 1 &lt; 2;</code></pre>',
      '<p>Ligne<br />suivante</p>',
    ].join('');
    expect(sanitizeRichText(body)).toBe(body);
  });

  it('turns h1 into h2 and folds h5/h6 into h4, keeping their text', () => {
    expect(sanitizeRichText('<h1 class="t">Titre</h1><h5>a</h5><h6>b</h6>')).toBe('<h2>Titre</h2><h4>a</h4><h4>b</h4>');
  });

  it('maps older marks to the editor’s', () => {
    expect(sanitizeRichText('<b>gras</b> <i>italique</i> <strike>barré</strike> <del>supprimé</del>')).toBe(
      '<strong>gras</strong> <em>italique</em> <s>barré</s> <s>supprimé</s>',
    );
  });

  it('keeps only sound table and image attribute values', () => {
    expect(sanitizeRichText('<table><tr><th scope="evil" colspan="x" rowspan="0">a</th><td colspan=" 3 ">b</td></tr></table>')).toBe(
      '<table><tr><th>a</th><td colspan="3">b</td></tr></table>',
    );
    expect(sanitizeRichText('<img src="/fichiers/1/a.png" width="100%" height="200" title="t">')).toBe(
      '<img src="/fichiers/1/a.png" alt="" height="200" />',
    );
  });

  it('escapes text that looks like markup', () => {
    expect(sanitizeRichText('<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>')).toBe('<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>');
    expect(sanitizeRichText('<p>a < b</p>')).toBe('<p>a &lt; b</p>');
  });
});

describe('richTextToPlain', () => {
  it('strips tags, decodes entities and collapses whitespace', () => {
    const html =
      '<h2>Résultats</h2>\n<p>L&rsquo;indice   a <strong>augmenté</strong>&nbsp;: 1 ' +
      '&lt; 2 &amp; 3.</p><ul><li>Un</li><li>Deux</li></ul><p>a<br>b</p>';
    expect(richTextToPlain(html)).toBe('Résultats L’indice a augmenté\u00a0: 1 < 2 & 3. Un Deux a b');
  });

  it('keeps words within a paragraph together and separates blocks and table cells', () => {
    expect(richTextToPlain('<p>Hel<strong>lo</strong></p><table><tr><td>a</td><td>b</td></tr></table>')).toBe('Hello a b');
  });

  it('drops script-like content and attributes', () => {
    expect(
      richTextToPlain('<p title="titre">Texte</p><script>alert(1)</script><style>p{}</style><img src="/fichiers/1/a.png" alt="image">'),
    ).toBe('Texte');
  });

  it('cuts on a word and ends with an ellipsis, within the limit', () => {
    const text = '<p>Indice des prix à la consommation, octobre 2026 : hausse de 0,4 %</p>';
    expect(richTextToPlain(text, 200)).toBe('Indice des prix à la consommation, octobre 2026 : hausse de 0,4 %');
    expect(richTextToPlain(text, 38)).toBe('Indice des prix à la consommation…');
    expect(richTextToPlain(text, 36)).toBe('Indice des prix à la consommation…');
    expect(richTextToPlain(text, 35)).toBe('Indice des prix à la consommation…');
    expect(richTextToPlain(text, 34)).toBe('Indice des prix à la…');
    for (const max of [5, 20, 50, 60]) expect(richTextToPlain(text, max).length).toBeLessThanOrEqual(max);
  });

  it('cuts inside a single word longer than the limit', () => {
    expect(richTextToPlain('<p>Anticonstitutionnellement</p>', 10)).toBe('Anticonst…');
  });

  it('returns an empty string for empty or script-only content', () => {
    expect(richTextToPlain('')).toBe('');
    expect(richTextToPlain('<p></p><script>x</script>', 10)).toBe('');
  });
});
