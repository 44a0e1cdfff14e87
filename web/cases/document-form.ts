import { DOCUMENT_FILE_FIELD } from '../../contracts/cases-constants.js';

/** A case document as the upload routes take it: one file, in the `file` field of a multipart form. */
export function documentForm(file: File): FormData {
  const form = new FormData();
  form.append(DOCUMENT_FILE_FIELD, file);
  return form;
}
