/** Upload limits of the spec (section 5): 100 MB in general, 50 MB for site diary and audit forms. */
export const UPLOAD_LIMITS = {
  standard: 100 * 1024 * 1024,
  siteDiaryAndAudit: 50 * 1024 * 1024,
} as const;

/** File types by kind (spec 9: model, drawing, image, video and office formats), with the type we serve them as. */
export const FILE_TYPES = {
  model: {
    ifc: "application/x-step",
    rvt: "application/octet-stream",
    rfa: "application/octet-stream",
    nwd: "application/octet-stream",
    nwc: "application/octet-stream",
    dwf: "model/vnd.dwf",
    skp: "application/octet-stream",
  },
  drawing: {
    dwg: "image/vnd.dwg",
    dxf: "image/vnd.dxf",
    pdf: "application/pdf",
  },
  image: {
    jpg: "image/jpeg",
    jpeg: "image/jpeg",
    png: "image/png",
    gif: "image/gif",
    webp: "image/webp",
    heic: "image/heic",
    bmp: "image/bmp",
    tif: "image/tiff",
    tiff: "image/tiff",
  },
  video: {
    mp4: "video/mp4",
    mov: "video/quicktime",
    avi: "video/x-msvideo",
    webm: "video/webm",
    m4v: "video/x-m4v",
  },
  office: {
    pdf: "application/pdf",
    doc: "application/msword",
    docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    xls: "application/vnd.ms-excel",
    xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    csv: "text/csv",
    ppt: "application/vnd.ms-powerpoint",
    pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    txt: "text/plain",
  },
} as const satisfies Record<string, Record<string, string>>;

export type FileKind = keyof typeof FILE_TYPES;

/** Extensions (lower case, no dot) of the given kinds; every kind when none is named. */
export function extensionsOf(...kinds: FileKind[]): string[] {
  const chosen = kinds.length ? kinds : (Object.keys(FILE_TYPES) as FileKind[]);
  return [...new Set(chosen.flatMap((kind) => Object.keys(FILE_TYPES[kind])))];
}

/** Every extension of spec 9. */
export const ALLOWED_EXTENSIONS = extensionsOf();

/** "Site Plan.V2.PDF" → "pdf"; "" when the name has no extension. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : "";
}

const contentTypes: Record<string, string> = Object.assign({}, ...Object.values(FILE_TYPES));

/**
 * The type the file is stored and served as: ours for a known extension (browsers send wrong or empty
 * types for .dwg, .ifc…), otherwise the browser's, and never one that a browser would run as a page.
 */
export function contentTypeFor(fileName: string, declared: string | undefined): string {
  const known = contentTypes[extensionOf(fileName)];
  if (known) return known;
  if (declared && !/html|javascript|xml/i.test(declared)) return declared;
  return "application/octet-stream";
}
