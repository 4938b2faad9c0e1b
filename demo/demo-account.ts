/**
 * The demo database's accounts (README states them), one per role, same password. Created only
 * with the demo content; a real installation creates its own accounts (`npm run user:create`) and
 * deactivates these.
 */
import type { Role } from '@/lib/auth/roles';

type DemoAccount = { name: string; email: string; password: string; role: Role; areas: readonly string[] };

const password = 'Sahelia-demo-2026';

/** Administrateur: everything, accounts and identity included. */
export const demoAccount = {
  name: 'Compte de démonstration',
  email: 'demo@inss-sahelia.example',
  password,
  role: 'admin',
  areas: [],
} as const satisfies DemoAccount;

/** Responsable de publication: publishes, withdraws, schedules, in every area. */
export const demoPublisher = {
  name: 'Responsable de publication (démo)',
  email: 'publication@inss-sahelia.example',
  password,
  role: 'publisher',
  areas: [],
} as const satisfies DemoAccount;

/** Rédacteur of the price indices and the news: drafts in those areas, nothing goes out without a publisher. */
export const demoEditor = {
  name: 'Rédaction des prix (démo)',
  email: 'redaction@inss-sahelia.example',
  password,
  role: 'editor',
  areas: ['ipc', 'ippi', 'news'],
} as const satisfies DemoAccount;

export const demoAccounts: readonly DemoAccount[] = [demoAccount, demoPublisher, demoEditor];
