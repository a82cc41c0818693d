import { extensionsOf } from "~/server/uploads/file-types";

/** What the intray's page and server share (no server-only code: the page's component reads it). */
export const INTRAY_PATH = "/dockets/intray";
/** Photos and scans: images, and PDFs from a scanner. */
export const INTRAY_EXTENSIONS = [...extensionsOf("image"), "pdf"];
