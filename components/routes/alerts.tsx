import Link from 'next/link';
import { connection } from 'next/server';
import { SubscribeForm } from '@/components/alerts/subscribe-form';
import { Breadcrumbs } from '@/components/content/breadcrumbs';
import { alertAreas } from '@/lib/alerts/areas';
import { preferencesOfToken, ALL_AREAS, topics, type Topic } from '@/lib/alerts/subscriptions';
import { tokenShape } from '@/lib/alerts/tokens';
import { alertApiPaths, alertPaths } from '@/lib/content/addresses';
import { areaTexts } from '@/lib/content/areas';
import { getDb } from '@/lib/db';
import { locales, type Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { languageNames } from '@/lib/i18n/messages/site';
import { localePath } from '@/lib/i18n/paths';
import { pageMetadata } from '@/lib/seo';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const button = 'rounded-md bg-primary px-4 py-2 font-medium text-primary-fg hover:opacity-90';

function Notice({ kind, children }: { kind: 'ok' | 'error'; children: React.ReactNode }) {
  return (
    <p
      role={kind === 'error' ? 'alert' : 'status'}
      className={`mt-4 max-w-3xl rounded-md border p-3 ${kind === 'error' ? 'border-red-600 dark:border-red-400' : 'border-green-700 dark:border-green-400'}`}
    >
      {children}
    </p>
  );
}

/** The alerts' pages (subscribe, confirm, unsubscribe, manage) in `locale`. Never indexed: they answer a form or a link. */
export function alertRoutes(locale: Locale) {
  const t = messages(locale).alerts;
  const meta = (title: string, path: string) => async () => ({
    ...(await pageMetadata({ title, description: t.page.description, path, locale })),
    robots: { index: path === alertPaths.subscribe, follow: true },
  });
  const crumbs = (label?: string) => (
    <Breadcrumbs
      items={label ? [{ label: t.page.title, href: alertPaths.subscribe }, { label }] : [{ label: t.page.title }]}
      locale={locale}
    />
  );

  /** `/alertes`: the form, and what the last submission gave (`?envoye=1`, `?erreur=…`). */
  async function SubscribePage({ searchParams }: Props) {
    const q = await searchParams;
    const error = one(q.erreur);
    const chosen = [q.areas ?? []].flat().filter((a) => a === ALL_AREAS || alertAreas().some((x) => x.slug === a));
    const topic = (topics as readonly string[]).includes(one(q.topic) ?? '') ? (one(q.topic) as Topic) : 'both';
    return (
      <>
        {crumbs()}
        <h1 className="text-3xl font-bold leading-tight">{t.page.title}</h1>
        <p className="mt-4 max-w-3xl text-lg">{t.page.description}</p>
        {one(q.envoye) === '1' ? <Notice kind="ok">{t.page.sent}</Notice> : null}
        {error ? (
          <Notice kind="error">
            <strong>{t.page.errorTitle}</strong> {t.page.errors[error] ?? t.page.errors.formulaire}
          </Notice>
        ) : null}
        <SubscribeForm locale={locale} areas={chosen} topic={topic} heading={false} />
      </>
    );
  }

  /** `/alertes/confirmation?jeton=…`: a button (a link checker opening the link confirms nothing), then the result. */
  async function ConfirmPage({ searchParams }: Props) {
    const q = await searchParams;
    const token = one(q.jeton) ?? '';
    const result = one(q.resultat);
    const again = (
      <p className="mt-4">
        <Link href={localePath(locale, alertPaths.subscribe)} className="underline">
          {t.confirm.again}
        </Link>
      </p>
    );
    return (
      <>
        {crumbs(t.confirm.title)}
        <h1 className="text-3xl font-bold leading-tight">{t.confirm.title}</h1>
        {result === 'confirmed' ? (
          <Notice kind="ok">{t.confirm.confirmed}</Notice>
        ) : result === 'expired' ? (
          <>
            <Notice kind="error">{t.confirm.expired}</Notice>
            {again}
          </>
        ) : result || !tokenShape.test(token) ? (
          <>
            <Notice kind="error">{t.confirm.unknown}</Notice>
            {again}
          </>
        ) : (
          <form action={alertApiPaths.confirm} method="post" className="mt-4">
            <p>{t.confirm.prompt}</p>
            <input type="hidden" name="jeton" value={token} />
            <input type="hidden" name="locale" value={locale} />
            <button type="submit" className={`mt-3 ${button}`}>
              {t.confirm.submit}
            </button>
          </form>
        )}
      </>
    );
  }

  /** `/alertes/desabonnement?jeton=…`: one button; then the result. */
  async function UnsubscribePage({ searchParams }: Props) {
    const q = await searchParams;
    const token = one(q.jeton) ?? '';
    const result = one(q.resultat);
    return (
      <>
        {crumbs(t.unsubscribe.title)}
        <h1 className="text-3xl font-bold leading-tight">{t.unsubscribe.title}</h1>
        {result === 'ok' ? (
          <Notice kind="ok">{t.unsubscribe.done}</Notice>
        ) : result ? (
          <Notice kind="error">{t.unsubscribe.unknown}</Notice>
        ) : !tokenShape.test(token) ? (
          <Notice kind="error">{t.unsubscribe.missing}</Notice>
        ) : (
          <form action={alertApiPaths.unsubscribe} method="post" className="mt-4">
            <p>{t.unsubscribe.prompt}</p>
            <input type="hidden" name="jeton" value={token} />
            <input type="hidden" name="locale" value={locale} />
            <button type="submit" className={`mt-3 ${button}`}>
              {t.unsubscribe.submit}
            </button>
          </form>
        )}
      </>
    );
  }

  /** `/alertes/gerer?jeton=…`: the subscriber's areas, what they receive, their language. */
  async function ManagePage({ searchParams }: Props) {
    const q = await searchParams;
    const token = one(q.jeton) ?? '';
    // Read per request: whose preferences depends on the link.
    await connection();
    const prefs = tokenShape.test(token) ? await preferencesOfToken(await getDb(), token) : null;
    const error = one(q.erreur);
    if (!prefs) {
      return (
        <>
          {crumbs(t.manage.title)}
          <h1 className="text-3xl font-bold leading-tight">{t.manage.title}</h1>
          <Notice kind="error">{t.manage.unknown}</Notice>
          <SubscribeForm locale={locale} />
        </>
      );
    }
    const topic: Topic = prefs.releases && prefs.corrections ? 'both' : prefs.releases ? 'releases' : 'corrections';
    const chosen = prefs.allAreas ? [ALL_AREAS] : prefs.areas;
    const f = t.form;
    return (
      <>
        {crumbs(t.manage.title)}
        <h1 className="text-3xl font-bold leading-tight">{t.manage.title}</h1>
        <p className="mt-4">{t.manage.intro(prefs.maskedEmail)}</p>
        {one(q.resultat) === 'enregistre' ? <Notice kind="ok">{t.manage.saved}</Notice> : null}
        {error ? <Notice kind="error">{t.page.errors[error] ?? t.page.errors.formulaire}</Notice> : null}
        <form action={alertApiPaths.manage} method="post" className="mt-4 space-y-4">
          <input type="hidden" name="jeton" value={token} />
          <input type="hidden" name="locale" value={locale} />
          <fieldset>
            <legend className="font-medium">{f.areas}</legend>
            <div className="mt-1 grid gap-1 sm:grid-cols-2">
              <label className="flex items-center gap-2">
                <input type="checkbox" name="areas[]" value={ALL_AREAS} defaultChecked={chosen.includes(ALL_AREAS)} />
                {f.all}
              </label>
              {alertAreas().map((a) => (
                <label key={a.slug} className="flex items-center gap-2">
                  <input type="checkbox" name="areas[]" value={a.slug} defaultChecked={chosen.includes(a.slug)} />
                  {areaTexts(a, locale).menuLabel}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend className="font-medium">{f.topic}</legend>
            {(['both', 'releases', 'corrections'] as const).map((value) => (
              <label key={value} className="mt-1 flex items-center gap-2">
                <input type="radio" name="topic" value={value} defaultChecked={value === topic} />
                {f[value]}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend className="font-medium">{t.manage.language}</legend>
            {locales.map((l) => (
              <label key={l} className="mt-1 flex items-center gap-2" lang={l}>
                <input type="radio" name="language" value={l} defaultChecked={l === prefs.locale} />
                {languageNames[l]}
              </label>
            ))}
          </fieldset>
          <button type="submit" className={button}>
            {t.manage.submit}
          </button>
        </form>
        <p className="mt-6">
          <Link href={`${localePath(locale, alertPaths.unsubscribe)}?jeton=${token}`} className="underline">
            {t.manage.unsubscribe}
          </Link>
        </p>
      </>
    );
  }

  return {
    subscribe: { generateMetadata: meta(t.page.title, alertPaths.subscribe), Page: SubscribePage },
    confirm: { generateMetadata: meta(t.confirm.title, alertPaths.confirm), Page: ConfirmPage },
    unsubscribe: { generateMetadata: meta(t.unsubscribe.title, alertPaths.unsubscribe), Page: UnsubscribePage },
    manage: { generateMetadata: meta(t.manage.title, alertPaths.manage), Page: ManagePage },
  };
}
