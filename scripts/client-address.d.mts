export function clientAddress(
  forwardedFor: string | string[] | undefined,
  peer: string,
  hops: number,
): string;
