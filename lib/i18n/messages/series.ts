/** Interface strings of the public site's series components, in each language (see ../messages.ts). */
import type { Locale } from '../locales';

const fr = {};

export const series: Record<Locale, typeof fr> = { fr, en: {} };
