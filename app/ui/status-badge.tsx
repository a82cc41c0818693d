import { cn } from "./cn";

export type BadgeTone = "success" | "danger" | "info" | "neutral" | "warning";
/** Spec 9: the message tones the product stores. */
export type MessageTone = "SUCCESS" | "DANGER" | "INFO" | "NONE";

const MESSAGE_TONES: Record<MessageTone, BadgeTone> = {
  SUCCESS: "success",
  DANGER: "danger",
  INFO: "info",
  NONE: "neutral",
};

const toneClasses: Record<BadgeTone, string> = {
  success: "bg-green-50 text-green-800 ring-green-600/20",
  danger: "bg-red-50 text-red-800 ring-red-600/20",
  info: "bg-brand-50 text-brand-900 ring-brand-600/20",
  neutral: "bg-slate-100 text-slate-700 ring-slate-500/20",
  warning: "bg-amber-50 text-amber-800 ring-amber-600/30",
};

const dotClasses: Record<BadgeTone, string> = {
  success: "bg-green-600",
  danger: "bg-red-600",
  info: "bg-brand-600",
  neutral: "bg-slate-500",
  warning: "bg-amber-500",
};

export function badgeTone(tone: BadgeTone | MessageTone | null | undefined): BadgeTone {
  if (!tone) return "neutral";
  return tone in MESSAGE_TONES ? MESSAGE_TONES[tone as MessageTone] : (tone as BadgeTone);
}

/**
 * A record's status (Open, Released, Overdue). Each module maps its statuses to a tone; the label is
 * always text as well, so colour is never the only signal.
 */
export function StatusBadge({
  tone,
  children,
  className,
}: {
  tone?: BadgeTone | MessageTone | null;
  children: React.ReactNode;
  className?: string;
}) {
  const resolved = badgeTone(tone);
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset",
        toneClasses[resolved],
        className,
      )}
    >
      <span aria-hidden className={cn("size-1.5 rounded-full", dotClasses[resolved])} />
      {children}
    </span>
  );
}
