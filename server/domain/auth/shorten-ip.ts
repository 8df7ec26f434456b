import net from "node:net";

/**
 * The address a member is shown of a session: the network, not the host (`203.0.113.x`,
 * `2001:db8:85a3::/48`). Enough to recognise home or office, while a list seen on a shared
 * screen, or a notice in a mailbox, does not hand out a full address.
 */
export function shortenIp(address: string | null | undefined): string | null {
  if (!address) return null;
  const plain = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1] ?? address;
  const version = net.isIP(plain);
  if (version === 4) return `${plain.split(".").slice(0, 3).join(".")}.x`;
  if (version !== 6) return null;
  const [head = "", tail = ""] = plain.toLowerCase().split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const groups = plain.includes("::")
    ? [
        ...headGroups,
        ...Array(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill("0"),
        ...tailGroups,
      ]
    : headGroups;
  return `${groups
    .slice(0, 3)
    .map((group) => (Number.parseInt(group, 16) || 0).toString(16))
    .join(":")}::/48`;
}
