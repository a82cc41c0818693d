export {
  type AttachUploadsResult,
  attachmentDownload,
  attachmentsOf,
  attachUploads,
  contentDisposition,
  saveAttachmentRecords,
} from "./attachments.server";
export {
  isUploadError,
  type UploadError,
  UploadFailed,
  UploadTooLarge,
  UploadTooManyFiles,
  UploadTypeNotAllowed,
  uploadErrorMessage,
} from "./errors";
export {
  ALLOWED_EXTENSIONS,
  contentTypeFor,
  extensionOf,
  extensionsOf,
  FILE_TYPES,
  UPLOAD_LIMITS,
} from "./file-types";
export {
  cleanFileName,
  discardUploads,
  parseUpload,
  type StoredUpload,
  type UploadOptions,
} from "./parse-upload.server";
