import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "./cn";
import { ErrorList } from "./field";
import { formatFileSize, limitInMb, splitBySize, tooLargeMessageKey, UPLOAD_LIMIT_BYTES } from "./file-size";

type FileDropProps = {
  label: string;
  name: string;
  /** Files over this size are refused in the browser; the server checks again. */
  maxBytes?: number;
  /** As for <input type=file>, e.g. ".pdf,.dwg,image/*". */
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  required?: boolean;
  hint?: string;
  errors?: string[] | null;
  onFilesChange?: (files: File[]) => void;
  className?: string;
};

/**
 * A drop zone that is a native file input stretched over the zone: clicking, keyboard (Space/Enter)
 * and dropping all work without JavaScript. With it, oversized files are taken out before submit.
 */
export function FileDrop({
  label,
  name,
  maxBytes = UPLOAD_LIMIT_BYTES,
  accept,
  multiple,
  disabled,
  required,
  hint,
  errors,
  onFilesChange,
  className,
}: FileDropProps) {
  const { t } = useTranslation("ui");
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const [chosen, setChosen] = useState<File[]>([]);
  const [rejected, setRejected] = useState<File[]>([]);
  const limit = limitInMb(maxBytes);
  const sizeError = rejected.length ? t(tooLargeMessageKey(maxBytes), { limit }) : null;
  const allErrors = [...(sizeError ? [sizeError] : []), ...(errors ?? [])];
  const errorId = allErrors.length ? `${id}-error` : undefined;
  const limitId = `${id}-limit`;

  const onChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const { accepted, oversized } = splitBySize(Array.from(input.files ?? []), maxBytes);
    if (oversized.length) {
      // Rebuild the input's list without the oversized files so they are never uploaded.
      const kept = new DataTransfer();
      for (const file of accepted) kept.items.add(file);
      input.files = kept.files;
    }
    setRejected(oversized);
    setChosen(accepted);
    onFilesChange?.(accepted);
  };

  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div
        className={cn(
          "relative mt-1 flex flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed px-4 py-8 text-center",
          "focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30",
          dragging
            ? "border-brand-600 bg-brand-50"
            : errorId
              ? "border-red-400 bg-red-50/40"
              : "border-slate-300 bg-white",
          disabled && "opacity-60",
        )}
      >
        <input
          id={id}
          type="file"
          name={name}
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          required={required}
          onChange={onChange}
          onDragEnter={() => setDragging(true)}
          onDragLeave={() => setDragging(false)}
          onDrop={() => setDragging(false)}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={[limitId, errorId].filter(Boolean).join(" ")}
          className="absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
        />
        <span aria-hidden className="text-2xl text-slate-400">
          ⇪
        </span>
        <p className="text-sm text-slate-700">
          {t("fileDrop.prompt")}{" "}
          <span className="font-medium text-brand-700 underline">{t("fileDrop.browse")}</span>
        </p>
        <p id={limitId} className="text-xs text-slate-500">
          {t("fileDrop.maxSize", { limit })}
          {hint ? ` · ${hint}` : ""}
        </p>
      </div>
      {chosen.length ? (
        <ul className="mt-2 space-y-1 text-sm text-slate-700" aria-label={t("fileDrop.selected")}>
          {chosen.map((file) => (
            <li key={`${file.name}-${file.size}`} className="flex justify-between gap-2">
              <span className="truncate">{file.name}</span>
              <span className="shrink-0 text-slate-500">{formatFileSize(file.size)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <ErrorList id={errorId} errors={allErrors} />
      {rejected.length ? (
        <p className="mt-0.5 text-xs text-red-700">
          {t("fileDrop.rejected", { files: rejected.map((file) => file.name).join(", ") })}
        </p>
      ) : null}
    </div>
  );
}
