import type { ProviderTotpActions } from '@/components/admin/security/provider-totp-panel';
import type { SecurityActions } from '@/components/admin/security/security-panel';
import {
  beginPasskeyAction,
  beginTotpAction,
  confirmTotpAction,
  disableTotpAction,
  finishPasskeyAction,
  newRecoveryCodesAction,
  removePasskeyAction,
} from '../security-actions';

/** One's own second-factor actions, as the profile and the enrolment page hand them to the panel. */
export const securityActions: SecurityActions = {
  beginTotp: beginTotpAction,
  confirmTotp: confirmTotpAction,
  disableTotp: disableTotpAction,
  newRecoveryCodes: newRecoveryCodesAction,
  beginPasskey: beginPasskeyAction,
  finishPasskey: finishPasskeyAction,
  removePasskey: removePasskeyAction,
};

/** Supabase mode: one's own app at Supabase, as the profile hands the actions to its panel. */
export const providerTotpActions: ProviderTotpActions = {
  begin: beginTotpAction,
  confirm: confirmTotpAction,
  disable: disableTotpAction,
};
