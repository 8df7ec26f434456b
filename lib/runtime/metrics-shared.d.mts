export const METRICS_PATH: "/metrics";
export const METRICS_TOKEN_MIN_LENGTH: number;
export const REQUEST_DURATION_BUCKETS: number[];
export function methodLabel(method: string | undefined): string;
export function metricsTokenFrom(env: Record<string, string | undefined>): string | undefined;
export function bearerMatches(header: string | string[] | undefined, token: string): boolean;
