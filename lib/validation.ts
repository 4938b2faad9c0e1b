/** zod results turned into the house's French error shape. */
import { z } from 'zod';
import { ValidationError, type FieldErrors } from '@/lib/errors';

/** Parses `input` or throws a `ValidationError` with one French message per field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, message = 'Certains champs sont à corriger.'): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors: FieldErrors = {};
  const general: string[] = [];
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    if (!key) general.push(issue.message);
    else (fieldErrors[key] ??= []).push(issue.message);
  }
  throw new ValidationError(general[0] ?? message, fieldErrors);
}
