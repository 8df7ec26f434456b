const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a path id can be a row id. Anything else is answered 404 before it reaches the
 * database, where PostgreSQL would refuse the cast (a 500) instead of finding nothing.
 */
export const isUuid = (value: string) => UUID.test(value);
