/** The smallest PNG there is: one transparent pixel. */
export const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export const MULTIPART_BOUNDARY = '----photo-test-boundary';

export interface UploadFile {
  field: string;
  name: string;
  type: string;
  data: Buffer;
}

/** A multipart body with the given files, as a browser's FormData would send it. */
export function multipart(files: UploadFile[]) {
  const boundary = MULTIPART_BOUNDARY;
  const parts = files.map((file) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
