/** Photos: uploaded files kept by the messenger gateway, or links to images elsewhere. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** The photo-by-link input: an http(s) URL is a link, anything else a stored file id. */
export const isPhotoLink = (text: string): boolean => /^https?:\/\/\S+$/i.test(text.trim());

/** A stored file id as the gateway makes them. */
export const FILE_ID_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
