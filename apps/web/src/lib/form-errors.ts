import type { ZodError } from 'zod';

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** The first message of each top-level field, so every field shows its error at once. */
export function fieldErrors<K extends string>(error: ZodError): FieldErrors<K> {
  const result: FieldErrors<K> = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && result[key as K] === undefined) {
      result[key as K] = issue.message;
    }
  }
  return result;
}
