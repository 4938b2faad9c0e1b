/**
 * The alerts' messages in each language: subject, plain text and HTML (escaped, no remote image,
 * readable without styles). Every message about a release or a correction ends with the links to
 * change one's topics and to unsubscribe.
 */
import type { Locale } from '@/lib/i18n/locales';
import type { AlertContent } from './content';

export type Rendered = { subject: string; text: string; html: string };
export type Links = { manage: string; unsubscribe: string };

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const words = {
  fr: {
    institute: 'Institut de statistique',
    confirmSubject: 'Confirmez votre abonnement aux alertes',
    confirmIntro: 'Vous (ou quelqu’un avec votre adresse) avez demandé à recevoir les alertes de l’institut.',
    confirmAction: 'Pour confirmer, suivez ce lien (valable 48 heures) :',
    confirmIgnore: 'Si vous n’avez rien demandé, ignorez ce message : l’adresse sera effacée dans 7 jours sans autre envoi.',
    manageSubject: 'Vos alertes : gérer votre abonnement',
    manageIntro: 'Une demande d’abonnement a été faite avec votre adresse, déjà abonnée.',
    manageAction: 'Pour changer vos rubriques ou vous désabonner, suivez ce lien :',
    releaseSubject: (t: string) => `Parution : ${t}`,
    releaseIntro: (area: string) => `Une parution de la rubrique « ${area} » vient d’être mise en ligne.`,
    published: 'Mis en ligne :',
    keyFigure: 'Chiffre clé :',
    next: 'Prochaine parution :',
    releasePage: 'Page de la parution :',
    correctionSubject: (t: string) => `Correction : ${t}`,
    correctionIntro: (t: string, n: number) => `La série « ${t} » a été corrigée (version ${n}).`,
    reason: 'Raison :',
    when: 'Mise en ligne :',
    seriesPage: 'Voir la série :',
    testSubject: 'Message d’essai des alertes',
    testBody: 'Ce message d’essai a été envoyé depuis l’administration du site : l’envoi des alertes fonctionne.',
    manage: 'Changer mes rubriques',
    unsubscribe: 'Me désabonner',
    footer: 'Vous recevez ce message parce que vous êtes abonné(e) aux alertes de l’institut.',
  },
  en: {
    institute: 'Statistics institute',
    confirmSubject: 'Confirm your subscription to alerts',
    confirmIntro: 'You (or someone using your address) asked to receive the institute’s alerts.',
    confirmAction: 'To confirm, follow this link (valid for 48 hours):',
    confirmIgnore: 'If you did not ask for anything, ignore this message: the address will be deleted within 7 days.',
    manageSubject: 'Your alerts: manage your subscription',
    manageIntro: 'A subscription request was made with your address, which is already subscribed.',
    manageAction: 'To change your topics or unsubscribe, follow this link:',
    releaseSubject: (t: string) => `Release: ${t}`,
    releaseIntro: (area: string) => `A release of the topic “${area}” has just been published.`,
    published: 'Published:',
    keyFigure: 'Key figure:',
    next: 'Next release:',
    releasePage: 'Release page:',
    correctionSubject: (t: string) => `Correction: ${t}`,
    correctionIntro: (t: string, n: number) => `The series “${t}” has been corrected (version ${n}).`,
    reason: 'Reason:',
    when: 'Published:',
    seriesPage: 'See the series:',
    testSubject: 'Alerts test message',
    testBody: 'This test message was sent from the site’s back-office: sending alerts works.',
    manage: 'Change my topics',
    unsubscribe: 'Unsubscribe',
    footer: 'You receive this message because you subscribed to the institute’s alerts.',
  },
} satisfies Record<Locale, unknown>;

type Block = { p: string } | { link: Link } | { list: Link[] } | { label: string; value: string };
/** A link; without a label the address is its own text (printed once, not under itself). */
type Link = { label?: string; url: string };

/** Plain text and HTML from the same blocks, so the two parts always say the same. */
function render(locale: Locale, subject: string, blocks: Block[], links?: Links): Rendered {
  const w = words[locale];
  const text: string[] = [];
  const html: string[] = [];
  // Addresses already in the body: the footer does not print them a second time.
  const shown = new Set<string>();
  for (const b of blocks) {
    if ('p' in b) {
      text.push(b.p);
      html.push(`<p>${esc(b.p)}</p>`);
    } else if ('link' in b) {
      shown.add(b.link.url);
      text.push(b.link.label ? `${b.link.label}\n${b.link.url}` : b.link.url);
      html.push(`<p><a href="${esc(b.link.url)}">${esc(b.link.label ?? b.link.url)}</a></p>`);
    } else if ('list' in b) {
      for (const l of b.list) shown.add(l.url);
      text.push(b.list.map((l) => (l.label ? `- ${l.label}\n  ${l.url}` : `- ${l.url}`)).join('\n'));
      html.push(`<ul>${b.list.map((l) => `<li><a href="${esc(l.url)}">${esc(l.label ?? l.url)}</a></li>`).join('')}</ul>`);
    } else {
      text.push(`${b.label} ${b.value}`);
      html.push(`<p><strong>${esc(b.label)}</strong> ${esc(b.value)}</p>`);
    }
  }
  if (links) {
    const colon = locale === 'en' ? ':' : ' :';
    const footer = [
      { label: w.manage, url: links.manage },
      { label: w.unsubscribe, url: links.unsubscribe },
    ].filter((l) => !shown.has(l.url));
    text.push([`--`, w.footer, ...footer.map((l) => `${l.label}${colon} ${l.url}`)].join('\n'));
    html.push(
      `<hr><p><small>${esc(w.footer)}<br>${footer.map((l) => `<a href="${esc(l.url)}">${esc(l.label)}</a>`).join(' · ')}</small></p>`,
    );
  }
  return {
    subject,
    text: `${text.join('\n\n')}\n`,
    html:
      `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${esc(subject)}</title></head>` +
      `<body style="font-family:sans-serif;line-height:1.5;max-width:40em">${html.join('\n')}</body></html>`,
  };
}

/** The confirmation message (the only one an address gets before it is confirmed). */
export function confirmMessage(locale: Locale, confirmUrl: string): Rendered {
  const w = words[locale];
  return render(locale, w.confirmSubject, [
    { p: w.confirmIntro },
    { p: w.confirmAction },
    { link: { url: confirmUrl } },
    { p: w.confirmIgnore },
  ]);
}

/** To an address already confirmed that asked again: the link to its preferences. */
export function manageMessage(locale: Locale, links: Links): Rendered {
  const w = words[locale];
  return render(locale, w.manageSubject, [{ p: w.manageIntro }, { p: w.manageAction }, { link: { url: links.manage } }], links);
}

/** A release or correction alert. */
export function alertMessage(locale: Locale, c: AlertContent, links: Links): Rendered {
  const w = words[locale];
  if (c.kind === 'correction') {
    return render(
      locale,
      w.correctionSubject(c.title),
      [
        { p: w.correctionIntro(c.title, c.number) },
        ...(c.reason ? [{ label: w.reason, value: c.reason }] : []),
        { label: w.when, value: c.when },
        { p: w.seriesPage },
        { link: { label: c.title, url: c.url } },
      ],
      links,
    );
  }
  return render(
    locale,
    w.releaseSubject(c.title),
    [
      { p: w.releaseIntro(c.area) },
      ...(c.keyFigure ? [{ label: w.keyFigure, value: c.keyFigure }] : []),
      ...(c.items.length > 0 ? [{ p: w.published }, { list: c.items }] : []),
      { p: w.releasePage },
      { link: { label: c.title, url: c.url } },
      ...(c.next ? [{ label: w.next, value: `${c.next.title}, ${c.next.when}` }, { link: { label: c.next.title, url: c.next.url } }] : []),
    ],
    links,
  );
}

/** The back-office's test message. */
export function testMessage(locale: Locale): Rendered {
  const w = words[locale];
  return render(locale, w.testSubject, [{ p: w.testBody }]);
}
