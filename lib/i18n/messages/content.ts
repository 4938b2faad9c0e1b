/** Interface strings of the public site's content components, in each language (see ../messages.ts). */
import type { Locale } from '../locales';

const fr = {};

export const content: Record<Locale, typeof fr> = { fr, en: {} };
