// Request body caps the API and the BFF share, so both refuse a body at the same size.

/** The cap of a request body whose route names none of its own: JSON calls are small. */
export const DEFAULT_BODY_MAX_BYTES = 64 * 1024;

/** The JSON body that can carry `decodedBytes` as base64, with room for the other fields. */
export const base64JsonBodyBytes = (decodedBytes: number) =>
  // 4 characters per 3 bytes, 10 % for line breaks some encoders add, 16 KB for the rest.
  Math.ceil(Math.ceil(decodedBytes / 3) * 4 * 1.1) + 16 * 1024;
