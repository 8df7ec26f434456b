// Mobile devices get a plain gradient. Decided on the server from the user agent, so
// the first paint is already right (no flash, no layout shift).
const MOBILE_USER_AGENT = /Mobi|Android|iPhone|iPad|iPod|Opera Mini|IEMobile|BlackBerry|webOS/i;

export function isMobileUserAgent(userAgent: string | null | undefined): boolean {
  return Boolean(userAgent && MOBILE_USER_AGENT.test(userAgent));
}
