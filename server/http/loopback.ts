import { isIP } from "node:net";

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.0.0.1), the form a dual-stack socket reports. */
export function isLoopbackAddress(address: string | null | undefined): boolean {
  if (!address) return false;
  const plain = address.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  if (isIP(plain) === 4) return plain.startsWith("127.");
  if (isIP(plain) === 6) return plain === "::1" || plain === "0:0:0:0:0:0:0:1";
  return false;
}

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Headers a proxy adds when it passes a request on: a request with one did not come from this machine. */
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-real-ip"];

/**
 * A request made on this machine, to this machine: the connection comes from a loopback address, no proxy
 * passed it on (behind a proxy on the same machine every request would look local), and it names the
 * server by a loopback name (a page of another site that rebinds its DNS name to 127.0.0.1 sends its own).
 */
export function isLocalRequest(request: Request, clientAddress: string | null | undefined): boolean {
  if (!isLoopbackAddress(clientAddress)) return false;
  if (FORWARDING_HEADERS.some((name) => request.headers.has(name))) return false;
  const host = request.headers.get("host");
  if (!host) return false;
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  return LOOPBACK_NAMES.has(hostname) || isLoopbackAddress(hostname);
}
