export function unsupportedNode(version: string, range?: string): string | undefined;
export function exitOnUnsupportedNode(): void;
