/** zod results turned into the house's French error shape. */
import { z } from 'zod';
import { ValidationError, type FieldErrors } from '@/lib/errors';

/** zod issues as French messages per dotted field path (`fields.number`, `files.0.fileId`), and the first message without a path. */
export function fieldErrorsOf(error: z.ZodError): { fieldErrors: FieldErrors; general: string | null } {
  const fieldErrors: FieldErrors = {};
  let general: string | null = null;
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (!key) general ??= issue.message;
    else (fieldErrors[key] ??= []).push(issue.message);
  }
  return { fieldErrors, general };
}

/** Parses `input` or throws a `ValidationError` with one French message per field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, message = 'Certains champs sont à corriger.'): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const { fieldErrors, general } = fieldErrorsOf(result.error);
  throw new ValidationError(general ?? message, fieldErrors);
}
