import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "./cn";
import { ErrorList } from "./field";
import { addTags, splitTags, TAG_DELIMITER } from "./tags-input-rules";

type TagsInputProps = {
  label: string;
  /** Each tag is posted as its own value under this name (read them with `tagsFromForm`). */
  name: string;
  defaultValue?: string[];
  /** 0 = unlimited. */
  max?: number;
  caseSensitive?: boolean;
  /** Marks a tag invalid (e.g. not an email) without refusing it, so the user can see and fix it. */
  validate?: (tag: string) => boolean;
  onChange?: (tags: string[]) => void;
  placeholder?: string;
  hint?: string;
  errors?: string[] | null;
  disabled?: boolean;
  className?: string;
};

/**
 * A list of short values (emails, labels) typed one by one: Enter or a comma adds, Backspace in the
 * empty box removes the last, a pasted comma list is split. The text box itself also posts under
 * `name`, so without JavaScript a typed comma list still arrives.
 */
export function TagsInput({
  label,
  name,
  defaultValue = [],
  max = 0,
  caseSensitive,
  validate,
  onChange,
  placeholder,
  hint,
  errors,
  disabled,
  className,
}: TagsInputProps) {
  const { t } = useTranslation("ui");
  const id = useId();
  const [tags, setTags] = useState<string[]>(() => addTags([], defaultValue, { caseSensitive }).tags);
  const [draft, setDraft] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const invalidCount = validate ? tags.filter((tag) => !validate(tag)).length : 0;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const statusId = `${id}-status`;

  const update = (next: string[]) => {
    setTags(next);
    onChange?.(next);
  };
  const commit = (text: string) => {
    const result = addTags(tags, splitTags(text), { max, caseSensitive });
    if (result.tags.length !== tags.length) update(result.tags);
    if (result.overflow.length) setNotice(t("tagsInput.maxReached", { max }));
    else if (result.duplicates.length)
      setNotice(t("tagsInput.duplicate", { tag: result.duplicates.join(", ") }));
    else setNotice(null);
    setDraft("");
  };
  const remove = (index: number) => {
    update(tags.filter((_, i) => i !== index));
    setNotice(null);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" || event.key === TAG_DELIMITER) {
      event.preventDefault();
      if (draft.trim()) commit(draft);
    } else if (event.key === "Backspace" && draft === "" && tags.length > 0) {
      remove(tags.length - 1);
    }
  };

  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div
        className={cn(
          "mt-1 flex min-h-10 flex-wrap items-center gap-1.5 rounded-md border bg-white px-2 py-1.5 shadow-sm",
          "focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30",
          errorId ? "border-red-600" : "border-slate-300",
          disabled && "bg-slate-50",
        )}
      >
        {tags.map((tag, index) => {
          const invalid = validate ? !validate(tag) : false;
          return (
            <span
              key={tag}
              className={cn(
                "inline-flex items-center gap-1 rounded-full py-0.5 pl-2.5 pr-1 text-xs font-medium",
                invalid ? "bg-red-50 text-red-800 ring-1 ring-red-600/40" : "bg-slate-100 text-slate-800",
              )}
            >
              <input type="hidden" name={name} value={tag} />
              {tag}
              {invalid ? <span className="sr-only">{t("tagsInput.invalidTag")}</span> : null}
              <button
                type="button"
                onClick={() => remove(index)}
                disabled={disabled}
                aria-label={t("tagsInput.remove", { tag })}
                className="grid size-4 place-items-center rounded-full hover:bg-slate-300/60 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span aria-hidden>×</span>
              </button>
            </span>
          );
        })}
        <input
          id={id}
          name={name}
          value={draft}
          disabled={disabled}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => draft.trim() && commit(draft)}
          onPaste={(event) => {
            const text = event.clipboardData.getData("text");
            if (!text.includes(TAG_DELIMITER)) return;
            event.preventDefault();
            commit(draft + text);
          }}
          placeholder={tags.length === 0 ? placeholder : undefined}
          aria-invalid={errorId || invalidCount ? true : undefined}
          aria-describedby={[statusId, errorId].filter(Boolean).join(" ")}
          className="h-7 min-w-32 flex-1 border-0 bg-transparent px-1 text-sm outline-none disabled:cursor-not-allowed"
        />
      </div>
      <div id={statusId} aria-live="polite" className="mt-1 space-y-0.5 text-xs">
        <p className="text-slate-500">
          {hint ? `${hint} ` : ""}
          {max > 0 ? t("tagsInput.count", { count: tags.length, max }) : null}
        </p>
        {invalidCount ? (
          <p className="text-red-700">{t("tagsInput.invalidCount", { count: invalidCount })}</p>
        ) : null}
        {notice ? <p className="text-amber-700">{notice}</p> : null}
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
