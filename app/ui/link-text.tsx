import { parseLinkText } from "~/app/utils/link-text";

/** Free text where '<text>(https://…)' becomes a link opening in a new tab; anything else stays text. */
export function LinkText({ text, className }: { text: string | null | undefined; className?: string }) {
  return (
    <span className={className}>
      {parseLinkText(text).map((segment, index) =>
        segment.type === "link" ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and never reordered
            key={index}
            href={segment.href}
            target="_blank"
            rel="noopener noreferrer"
            className="text-brand-700 underline underline-offset-2 hover:text-brand-900"
          >
            {segment.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and never reordered
          <span key={index}>{segment.text}</span>
        ),
      )}
    </span>
  );
}
