/** Interface strings of the public site's site components, in each language (see ../messages.ts). */
import type { Locale } from '../locales';

const fr = {};

export const site: Record<Locale, typeof fr> = { fr, en: {} };
