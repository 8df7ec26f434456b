import type net from "node:net";

export type TrustedProxies = { list: net.BlockList; text: string };

export const DEFAULT_TRUSTED_PROXIES: string;
export function unmapIpv4(address: string): string;
export function ipFamily(address: string): "ipv4" | "ipv6" | null;
export function parseTrustedProxies(text: string): TrustedProxies;
export function isTrustedProxy(trusted: Pick<TrustedProxies, "list">, address: string): boolean;
