import { useTranslation } from "react-i18next";
import { failedPasswordRules, passwordRuleChecks } from "~/server/auth/password-rules";

/** The password rules under a new-password field, each ticked as the typed password meets it (set and change password). */
export function PasswordRuleList({ password }: { password: string }) {
  const { t } = useTranslation("common");
  const failed = new Set(failedPasswordRules(password));
  return (
    <div className="rounded-md bg-slate-50 p-3 text-sm">
      <p className="font-medium text-slate-700">{t("auth.rules.title")}</p>
      <ul className="mt-1 space-y-0.5">
        {passwordRuleChecks.map((rule) => {
          const met = password && !failed.has(rule.key);
          return (
            <li key={rule.key} className={met ? "text-green-700" : "text-slate-600"}>
              <span aria-hidden>{met ? "✓ " : "• "}</span>
              {t(`auth.rules.${rule.key}`)}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
