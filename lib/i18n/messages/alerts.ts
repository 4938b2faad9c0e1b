/** Interface strings of the email alerts' form and pages, in each language (see ../messages.ts). */
import type { Locale } from '../locales';

const fr = {
  /** The subscription form (calendar, area pages, release pages, /alertes). */
  form: {
    title: 'Recevoir les alertes par courriel',
    intro: 'Un courriel à la minute où une parution sort, et quand une série est corrigée. Désabonnement en un clic.',
    email: 'Adresse électronique',
    emailHint: 'Nous vous enverrons un lien de confirmation, valable 48 heures.',
    areas: 'Rubriques',
    all: 'Toutes les rubriques',
    topic: 'Je veux recevoir',
    both: 'Les parutions et les corrections',
    releases: 'Les parutions seulement',
    corrections: 'Les corrections seulement',
    submit: 'S’abonner',
    robot: 'Ne pas remplir ce champ',
    privacy: 'Votre adresse ne sert qu’à ces alertes ; elle est effacée dès que vous vous désabonnez.',
  },
  page: {
    title: 'Alertes par courriel',
    description: 'Abonnez-vous aux alertes de l’institut : parutions du calendrier et corrections des séries, par rubrique.',
    sent: 'Demande enregistrée. Si l’adresse peut recevoir nos alertes, un message vient de lui être envoyé : suivez son lien pour confirmer.',
    errors: {
      email: 'Saisissez une adresse électronique valide, par exemple nom@exemple.org.',
      areas: 'Choisissez au moins une rubrique, ou « Toutes les rubriques ».',
      topic: 'Choisissez ce que vous voulez recevoir.',
      trop: 'Trop de demandes d’abonnement en peu de temps. Réessayez dans une heure.',
      formulaire: 'Le formulaire n’a pas pu être lu. Réessayez.',
    } as Record<string, string>,
    errorTitle: 'L’abonnement n’a pas été enregistré :',
  },
  confirm: {
    title: 'Confirmer l’abonnement',
    prompt: 'Confirmez votre abonnement aux alertes de l’institut.',
    submit: 'Confirmer mon abonnement',
    confirmed:
      'Abonnement confirmé. Vous recevrez les alertes des rubriques choisies ; chaque message a un lien pour changer de rubriques ou se désabonner.',
    expired: 'Ce lien de confirmation a expiré (il vaut 48 heures). Abonnez-vous à nouveau pour en recevoir un autre.',
    unknown: 'Ce lien de confirmation n’est pas valable (déjà utilisé, ou incomplet). Abonnez-vous à nouveau si besoin.',
    again: 'S’abonner à nouveau',
  },
  unsubscribe: {
    title: 'Se désabonner',
    prompt: 'Vous ne recevrez plus aucune alerte à cette adresse, qui sera effacée.',
    submit: 'Me désabonner',
    done: 'C’est fait : vous êtes désabonné(e) et votre adresse est effacée.',
    unknown: 'Ce lien ne correspond à aucun abonnement (peut-être déjà désabonné).',
    missing: 'Ce lien est incomplet : utilisez celui d’un de nos messages.',
  },
  manage: {
    title: 'Gérer mes alertes',
    intro: (email: string) => `Alertes envoyées à ${email}.`,
    submit: 'Enregistrer',
    saved: 'Vos choix sont enregistrés.',
    unknown: 'Ce lien ne correspond à aucun abonnement (peut-être désabonné). Vous pouvez vous abonner à nouveau.',
    language: 'Langue des messages',
    unsubscribe: 'Ne plus rien recevoir',
  },
};

export const alerts: Record<Locale, typeof fr> = {
  fr,
  en: {
    form: {
      title: 'Get alerts by email',
      intro: 'An email the minute a release comes out, and when a series is corrected. One-click unsubscribe.',
      email: 'Email address',
      emailHint: 'We will send you a confirmation link, valid for 48 hours.',
      areas: 'Topics',
      all: 'All topics',
      topic: 'I want to receive',
      both: 'Releases and corrections',
      releases: 'Releases only',
      corrections: 'Corrections only',
      submit: 'Subscribe',
      robot: 'Leave this field empty',
      privacy: 'Your address is used for these alerts only; it is deleted as soon as you unsubscribe.',
    },
    page: {
      title: 'Email alerts',
      description: 'Subscribe to the institute’s alerts: calendar releases and series corrections, by topic.',
      sent: 'Request recorded. If the address can receive our alerts, a message has just been sent to it: follow its link to confirm.',
      errors: {
        email: 'Enter a valid email address, for example name@example.org.',
        areas: 'Choose at least one topic, or “All topics”.',
        topic: 'Choose what you want to receive.',
        trop: 'Too many subscription requests in a short time. Try again in an hour.',
        formulaire: 'The form could not be read. Try again.',
      },
      errorTitle: 'The subscription was not recorded:',
    },
    confirm: {
      title: 'Confirm the subscription',
      prompt: 'Confirm your subscription to the institute’s alerts.',
      submit: 'Confirm my subscription',
      confirmed:
        'Subscription confirmed. You will receive the alerts of the topics you chose; every message has a link to change topics or unsubscribe.',
      expired: 'This confirmation link has expired (it is valid for 48 hours). Subscribe again to receive a new one.',
      unknown: 'This confirmation link is not valid (already used, or incomplete). Subscribe again if needed.',
      again: 'Subscribe again',
    },
    unsubscribe: {
      title: 'Unsubscribe',
      prompt: 'You will receive no more alerts at this address, which will be deleted.',
      submit: 'Unsubscribe me',
      done: 'Done: you are unsubscribed and your address is deleted.',
      unknown: 'This link matches no subscription (perhaps already unsubscribed).',
      missing: 'This link is incomplete: use the one in one of our messages.',
    },
    manage: {
      title: 'Manage my alerts',
      intro: (email: string) => `Alerts sent to ${email}.`,
      submit: 'Save',
      saved: 'Your choices are saved.',
      unknown: 'This link matches no subscription (perhaps unsubscribed). You can subscribe again.',
      language: 'Language of the messages',
      unsubscribe: 'Receive nothing more',
    },
  },
};
