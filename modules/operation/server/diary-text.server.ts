import { serverT } from "~/server/i18n/i18n.server";
import type { Locale } from "~/server/i18n/locale";
import type { DiaryText } from "../exports/site-diary-pdf.server";

/** The diary's texts on the server (PDF, Excel): `operation:diary.*` by their key under it. */
export async function diaryText(locale: Locale): Promise<DiaryText> {
  const t = await serverT(locale, "operation");
  return (key, params) => t(key.includes(":") ? key : `diary.${key}`, params) as string;
}
