/**
 * The demo database's account (README states it). Created only with the demo content; a real
 * installation creates its own accounts (`npm run user:create`) and deactivates this one.
 */
export const demoAccount = {
  name: 'Compte de démonstration',
  email: 'demo@inss-sahelia.example',
  password: 'Sahelia-demo-2026',
} as const;
