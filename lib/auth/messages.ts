/**
 * Messages every sign-in mode must give word for word: the contract says an unknown email and a
 * wrong password get the same answer, whichever adapter checks them.
 */
export const INVALID_CREDENTIALS = 'Adresse e-mail ou mot de passe incorrect.';
export const WRONG_CURRENT_PASSWORD = 'Mot de passe actuel incorrect.';
export const CURRENT_PASSWORD_NEEDED = 'Saisissez votre mot de passe actuel pour changer d’adresse e-mail ou de mot de passe.';
export const EMAIL_TAKEN = 'Un compte existe déjà avec cette adresse e-mail.';
export const SECOND_FACTOR_NEEDED =
  'Mot de passe correct. Saisissez maintenant le code à 6 chiffres de votre application d’authentification, un code de secours ou utilisez votre clé d’accès.';
