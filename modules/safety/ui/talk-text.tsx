import { StatusBadge } from "~/app/ui/status-badge";
import { usePageText } from "~/app/ui/use-page-text";
import type { TalkKind } from "../domain/talk-fields";
import { TALK_KIND_TONES } from "../server/talk-basics";

/** The talk pages' texts (messages from the server included) and the kind badge: all the register needs. */
export function useTalkText() {
  return usePageText(["safety", "common", "uploads", "ui"]);
}

export function TalkKindBadge({ kind }: { kind: TalkKind }) {
  const { t } = useTalkText();
  return <StatusBadge tone={TALK_KIND_TONES[kind]}>{t(`safety:talk.kind.${kind}`)}</StatusBadge>;
}
