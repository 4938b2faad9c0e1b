/** The fictional institute and country of the demo content. No real country's figures. */

export const institute = {
  name: 'Institut national de la statistique de Sahelia',
  acronym: 'INSS',
  country: 'République de Sahelia',
  capital: 'Djanta',
  tagline: 'La statistique publique au service du développement',
  address: "Avenue de l'Indépendance, BP 1024, Djanta, République de Sahelia",
  phone: '+999 20 31 45 67',
  email: 'contact@inss.example.org',
  socialLinks: [
    { label: 'Facebook', url: 'https://facebook.example.org/inss.sahelia' },
    { label: 'X (Twitter)', url: 'https://x.example.org/inss_sahelia' },
    { label: 'LinkedIn', url: 'https://linkedin.example.org/company/inss-sahelia' },
  ],
  director: 'Dr Ibrahima Sanou Kaboré',
  currency: 'franc sahélien (FSH)',
  place: "Salle de conférences de l'INSS, Djanta",
};

/** The eight regions, with their population at the third census (RGPH-3). */
export const regions: { name: string; population: number; households: number }[] = [
  { name: 'Djanta', population: 3_215_480, households: 598_412 },
  { name: 'Kouroumé', population: 2_874_112, households: 431_506 },
  { name: 'Bafaro', population: 2_561_309, households: 372_987 },
  { name: 'Ténéla', population: 2_302_877, households: 338_652 },
  { name: 'Sambrou', population: 2_118_640, households: 301_245 },
  { name: 'Ouaddé', population: 1_982_451, households: 276_330 },
  { name: 'Kalassi', population: 1_801_226, households: 247_810 },
  { name: 'Tamboura', population: 1_606_640, households: 219_043 },
];

export const totalPopulation = regions.reduce((sum, r) => sum + r.population, 0);

/** ASCII, lowercase, hyphen-separated slug. */
export function slugify(text: string, max = 80): string {
  const slug = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max);
  return cut.slice(0, cut.lastIndexOf('-') > 20 ? cut.lastIndexOf('-') : max).replace(/-+$/, '');
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
export { escapeHtml };
