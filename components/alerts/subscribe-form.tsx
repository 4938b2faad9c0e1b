import { alertAreas } from '@/lib/alerts/areas';
import { ALL_AREAS, type Topic } from '@/lib/alerts/subscriptions';
import { alertApiPaths } from '@/lib/content/addresses';
import { areaTexts } from '@/lib/content/areas';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';

/**
 * The alerts' subscription form: an address, areas (or all), what to receive. A plain POST to
 * `/api/alertes`, answered with the /alertes page: works without JavaScript. `id` keeps its labels
 * unique when a page has it next to other forms; `areas` are ticked beforehand (an area's page).
 */
export function SubscribeForm({
  locale,
  id = 'alertes',
  areas = [],
  topic = 'both',
  heading = true,
}: {
  locale: Locale;
  id?: string;
  areas?: string[];
  topic?: Topic;
  heading?: boolean;
}) {
  const t = messages(locale).alerts.form;
  const field = 'mt-1 w-full max-w-md rounded-md border border-border bg-bg px-3 py-2';
  return (
    <section aria-labelledby={heading ? `${id}-titre` : undefined} className="mt-8 rounded-lg border border-border p-4">
      {heading ? (
        <h2 id={`${id}-titre`} className="text-xl font-semibold">
          {t.title}
        </h2>
      ) : null}
      <p className="mt-1 text-muted">{t.intro}</p>
      <form action={alertApiPaths.subscribe} method="post" className="mt-3 space-y-4">
        <input type="hidden" name="locale" value={locale} />
        <div>
          <label htmlFor={`${id}-email`} className="block font-medium">
            {t.email}
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            aria-describedby={`${id}-email-aide`}
            className={field}
          />
          <p id={`${id}-email-aide`} className="mt-1 text-sm text-muted">
            {t.emailHint}
          </p>
        </div>
        <fieldset>
          <legend className="font-medium">{t.areas}</legend>
          <div className="mt-1 grid gap-1 sm:grid-cols-2">
            <label className="flex items-center gap-2">
              <input type="checkbox" name="areas[]" value={ALL_AREAS} defaultChecked={areas.includes(ALL_AREAS)} />
              {t.all}
            </label>
            {alertAreas().map((a) => (
              <label key={a.slug} className="flex items-center gap-2">
                <input type="checkbox" name="areas[]" value={a.slug} defaultChecked={areas.includes(a.slug)} />
                {areaTexts(a, locale).menuLabel}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="font-medium">{t.topic}</legend>
          {(['both', 'releases', 'corrections'] as const).map((value) => (
            <label key={value} className="mt-1 flex items-center gap-2">
              <input type="radio" name="topic" value={value} defaultChecked={value === topic} />
              {t[value]}
            </label>
          ))}
        </fieldset>
        {/* Hidden from people (display: none); robots that fill every field give themselves away. */}
        <div className="hidden">
          <label htmlFor={`${id}-site`}>{t.robot}</label>
          <input id={`${id}-site`} name="site" type="text" tabIndex={-1} autoComplete="off" />
        </div>
        <p className="text-sm text-muted">{t.privacy}</p>
        <button type="submit" className="rounded-md bg-primary px-4 py-2 font-medium text-primary-fg hover:opacity-90">
          {t.submit}
        </button>
      </form>
    </section>
  );
}
