/** The paths of an incident's files (zod-free: the pages import them). */
export const incidentFilePath = (incidentId: string, fileId: string) =>
  `/safety/ims/${incidentId}/files/${fileId}`;
export const injuredUploadPath = (incidentId: string, personId: string) =>
  `/safety/ims/${incidentId}/injured/${personId}/files`;
