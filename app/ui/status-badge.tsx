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
  // .badge and its tones are in app.css: one short class per badge instead of a dozen utilities, as
  // registers show two per row; the dot is the badge's ::before.
  return <span className={cn("badge", `badge-${badgeTone(tone)}`, className)}>{children}</span>;
}
