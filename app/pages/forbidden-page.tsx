import { useTranslation } from "react-i18next";
import { buttonClass } from "~/app/ui/button";

/** Spec 8: 403 'Permission Denied', 'It looks like you don’t have access to this page.' */
export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <main className="grid min-h-dvh place-items-center p-6 text-center">
      <div>
        <p className="text-6xl font-bold text-amber-600">403</p>
        <h1 className="mt-4 text-2xl font-semibold">{t("forbidden.title")}</h1>
        <p className="mt-2 text-slate-600">{t("forbidden.message")}</p>
        <p className="mt-1 text-sm text-slate-500">{t("forbidden.hint")}</p>
        <a href="/" className={`${buttonClass()} mt-6`}>
          {t("notFound.goHome")}
        </a>
      </div>
    </main>
  );
}
