/**
 * Hyperliquid answers a body it cannot deserialise into its typed request with HTTP 422 and
 * this exact text; the paper exchange does the same for any malformed or unknown request.
 */
export const DESERIALIZE_ERROR = 'Failed to deserialize the JSON body into the target type';

/** Thrown while reading a request body; the API layer turns it into the 422 answer. */
export class BadRequestError extends Error {
  constructor(detail: string) {
    super(`${DESERIALIZE_ERROR}: ${detail}`);
    this.name = 'BadRequestError';
  }
}
