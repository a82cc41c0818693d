import QRCode from "qrcode";

/**
 * The QR code of an address, as an SVG image in a data URL: rendered on the server, so a page shows it
 * without any script (safety's sign-on links, In/Out's gate link).
 */
export async function qrCodeImage(url: string): Promise<string> {
  const svg = await QRCode.toString(url, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
