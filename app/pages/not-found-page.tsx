import { useTranslation } from "react-i18next";
import { buttonClass } from "~/app/ui/button";

/** Spec 2: 404 'Page Not Found', 'Oops! The page you are looking for does not exist.', 'Go Home' → /. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="grid min-h-dvh place-items-center p-6 text-center">
      <div>
        <p className="text-6xl font-bold text-brand-600">404</p>
        <h1 className="mt-4 text-2xl font-semibold">{t("notFound.title")}</h1>
        <p className="mt-2 text-slate-600">{t("notFound.message")}</p>
        <a href="/" className={`${buttonClass()} mt-6`}>
          {t("notFound.goHome")}
        </a>
      </div>
    </main>
  );
}
