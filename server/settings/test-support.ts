import { readToast } from "~/server/http/toast.server";
import { serverT } from "~/server/i18n/i18n.server";

/** The English text of the toast a route answered with (tests of the settings pages and modules). */
export async function toastText(result: { headers: Headers }): Promise<string | null> {
  const cookie = (result.headers.get("Set-Cookie") ?? "").split(";")[0];
  const { toast } = await readToast(new Request("http://localhost:3000/", { headers: { Cookie: cookie } }));
  if (!toast) return null;
  const t = await serverT("en");
  return t(toast.message, toast.params ?? {}) as string;
}
