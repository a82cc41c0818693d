import { redirect } from "@remix-run/node";
import { z } from "zod";
import { flashToastCookie } from "~/server/session/cookies.server";

const toastSchema = z.object({
  type: z.enum(["success", "error", "info"]),
  /** A translation key ("common:toast.signedOut") or plain text. */
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type Toast = z.infer<typeof toastSchema>;

export async function toastHeader(toast: Toast): Promise<string> {
  return flashToastCookie().serialize(toast);
}

export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { ...init, headers });
}

/** Reads the flashed toast, if any, and the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; clear: string | null }> {
  const raw = await flashToastCookie().parse(request.headers.get("Cookie"));
  if (!raw) return { toast: null, clear: null };
  const parsed = toastSchema.safeParse(raw);
  return {
    toast: parsed.success ? parsed.data : null,
    clear: await flashToastCookie().serialize("", { maxAge: 0 }),
  };
}
