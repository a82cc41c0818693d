import { useTranslation } from "react-i18next";
import { cn } from "~/app/ui/cn";

const TEXT_SIZES = { sm: "text-sm", md: "text-base", lg: "text-lg" } as const;

export type RedirectingSize = keyof typeof TEXT_SIZES;

export type RedirectingProps = {
  size?: RedirectingSize;
  /** Where the redirect goes: the message becomes a link so a reader without JavaScript can follow. */
  href?: string;
};

/** Spec 2: a centred, full-height 'Redirecting...' while a redirect runs; small text by default. */
export function Redirecting({ size = "sm", href }: RedirectingProps) {
  const { t } = useTranslation("common");
  const label = t("redirecting");
  return (
    <main className={cn("flex min-h-dvh items-center justify-center p-6 text-slate-600", TEXT_SIZES[size])}>
      <p role="status">
        {href ? (
          <a href={href} className="text-brand-700 underline underline-offset-2">
            {label}
          </a>
        ) : (
          label
        )}
      </p>
    </main>
  );
}
