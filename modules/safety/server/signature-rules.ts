import { z } from "zod";

/**
 * A drawn signature as the core signature pad posts it (app/ui/signature-pad.tsx): a PNG data URL, or
 * nothing when the signer typed their name instead. Shared by the incident sign-off and the permits' signed
 * steps; the messages are the caller's.
 */
export const SIGNATURE_MAX_LENGTH = 500_000;

export const drawnSignatureSchema = (messages: { tooLarge: string; invalid: string }) =>
  z
    .string()
    .trim()
    .max(SIGNATURE_MAX_LENGTH, messages.tooLarge)
    .optional()
    .refine((value) => !value || value.startsWith("data:image/png;base64,"), messages.invalid)
    .transform((value) => (value ? value : null));
