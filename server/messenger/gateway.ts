/**
 * The messenger the customers use, behind one interface. This part keeps and returns photos;
 * sending and deleting messages join it with the features that need them.
 */
export interface StoredPhoto {
  data: Buffer;
  mimeType: string;
}

export interface MessengerGateway {
  /** Keeps a photo and returns the file id to refer to it by. */
  storePhoto(photo: StoredPhoto & { cityId: number | null }): Promise<string>;
  /** The photo behind a file id, or null when there is none. */
  getPhoto(fileId: string): Promise<(StoredPhoto & { cityId: number | null }) | null>;
}
