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
