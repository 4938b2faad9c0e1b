/** Pages that force a colour mode, by path (the seed lets a page force one). */
export const forcedThemes: Record<string, 'light' | 'dark'> = {
  '/admin/connexion': 'light',
};

/** localStorage key of the chosen colour mode. */
export const themeStorageKey = 'theme';
