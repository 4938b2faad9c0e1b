/**
 * Browser side of `POST /api/files`: one file per request with XMLHttpRequest, the only browser
 * API that reports upload progress. Resolves with the stored file or the server's French message.
 */
export type UploadedFile = { id: string; name: string; type: string; size: number; sha256: string; url: string };
export type UploadResult = { ok: true; file: UploadedFile } | { ok: false; error: string };

export function uploadFile(
  file: File,
  options: { onProgress?: (loaded: number, total: number) => void; signal?: AbortSignal; restricted?: boolean } = {},
): Promise<UploadResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/files');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => options.onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => {
      const body = (xhr.response ?? {}) as { file?: UploadedFile; error?: string };
      if (xhr.status === 201 && body.file) resolve({ ok: true, file: body.file });
      else resolve({ ok: false, error: body.error ?? `Envoi refusé (erreur ${xhr.status}). Réessayez.` });
    };
    xhr.onerror = () =>
      resolve({ ok: false, error: 'La connexion a été interrompue pendant l’envoi. Vérifiez votre connexion puis réessayez.' });
    xhr.onabort = () => resolve({ ok: false, error: 'Envoi annulé.' });
    options.signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    if (options.restricted) form.set('restreint', 'true');
    form.set('file', file, file.name);
    xhr.send(form);
  });
}
