/**
 * Errors of the upload pipeline, on top of the domain errors of lib/errors.ts.
 */
import { DomainError } from '@/lib/errors';

/** The upload is larger than UPLOAD_MAX_MB (413). */
export class PayloadTooLargeError extends DomainError {
  override readonly status = 413;
  constructor(
    message: string,
    readonly maxBytes: number,
  ) {
    super(message);
  }
}

/** The client stopped sending before the end of the form: connection lost, tab closed (400). */
export class UploadInterruptedError extends DomainError {
  override readonly status = 400;
  constructor(message = "L'envoi a été interrompu avant la fin (connexion coupée ?). Vérifiez votre connexion puis renvoyez le fichier.") {
    super(message);
  }
}
