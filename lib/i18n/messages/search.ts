/** Interface strings of the public site's search components, in each language (see ../messages.ts). */
import type { Locale } from '../locales';

const fr = {};

export const search: Record<Locale, typeof fr> = { fr, en: {} };
