import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/app/ui/button";
import { SearchBox } from "~/app/ui/search-box";

/** Title, search and the invite button of a members list; the button shows only when inviting is allowed. */
export function MemberListHeader({
  title,
  intro,
  inviteHref,
}: {
  title: string;
  intro: string;
  inviteHref: string | null;
}) {
  const { t } = useTranslation("members");
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
          <p className="mt-1 text-sm text-slate-600">{intro}</p>
        </div>
        {inviteHref ? (
          <Link to={inviteHref} className={buttonClass()}>
            {t("list.invite")}
          </Link>
        ) : null}
      </div>
      <SearchBox
        className="max-w-xl"
        label={t("list.searchLabel")}
        placeholder={t("list.searchPlaceholder")}
      />
    </div>
  );
}
