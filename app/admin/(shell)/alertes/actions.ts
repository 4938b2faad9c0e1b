'use server';
// Back-office actions on email alerts, each through adminFormAction (session, zod, rule of
// lib/admin/access.ts, French errors, audit entry without the address in its summary).
import { z } from 'zod';
import { adminFormAction } from '@/lib/admin/action';
import { needs } from '@/lib/admin/access';
import { deleteSubscriber, exportSubscriber } from '@/lib/alerts/admin';
import { sendTestMessage } from '@/lib/alerts/service';
import { NotFoundError } from '@/lib/errors';

const emailInput = z.object({
  email: z
    .string({ message: 'Saisissez l’adresse de l’abonné.' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'Saisissez une adresse électronique valide, par exemple nom@exemple.org.' })),
});

/** A test message to one's own account address, in French and in English, by the configured mailer. */
export const sendTestAlertAction = adminFormAction(
  z.object({}),
  async (_input, ctx) => {
    await sendTestMessage(ctx.user.email);
    return null;
  },
  {
    access: needs.alertOutbox,
    audit: () => ({
      action: 'alerts.test',
      entityType: 'alerts',
      entityId: 'test',
      summary: 'Message d’essai des alertes envoyé à son propre compte.',
    }),
    success: 'Message d’essai envoyé à l’adresse de votre compte.',
  },
);

/** Everything kept about one address, on its owner's request (returned to the page, which offers it as JSON). */
export const exportSubscriberAction = adminFormAction(
  emailInput,
  async ({ email }, ctx) => {
    const data = await exportSubscriber(ctx.db, email);
    if (!data) throw new NotFoundError('Cette adresse n’est pas abonnée aux alertes.');
    return data;
  },
  {
    access: needs.alertSubscriber,
    audit: () => ({
      action: 'alerts.export',
      entityType: 'alerts',
      entityId: 'subscriber',
      summary: 'Données d’un abonné aux alertes exportées à sa demande.',
    }),
    success: 'Données de l’abonné prêtes.',
  },
);

/** Deletes one address and everything about it, on its owner's request. */
export const deleteSubscriberAction = adminFormAction(
  emailInput,
  async ({ email }, ctx) => {
    if (!(await deleteSubscriber(ctx.db, email))) throw new NotFoundError('Cette adresse n’est pas abonnée aux alertes.');
    return null;
  },
  {
    access: needs.alertSubscriber,
    audit: () => ({
      action: 'alerts.delete',
      entityType: 'alerts',
      entityId: 'subscriber',
      summary: 'Abonné aux alertes effacé à sa demande.',
    }),
    success: 'Adresse et données de l’abonné effacées.',
  },
);
