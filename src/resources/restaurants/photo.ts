import { HttpError } from 'react-admin';
import { API_PATHS, fillPath } from '../../domain';
import { api } from '../../providers/rest';
import { sendFiles } from '../../providers/upload';
import type { PhotoUpload } from '../common/PhotoInput';

/**
 * A stored restaurant's photo goes through PUT /restaurants/{id}/photo (the server stores it at
 * once and answers the restaurant); the add form sends the uploaded file id with the restaurant.
 */
export const restaurantPhotoUpload =
  (id: number): PhotoUpload =>
  async (file, onProgress) => {
    const form = new FormData();
    form.append('photo', file);
    const url = new URL(api(fillPath(API_PATHS.restaurants.photo, { id: String(id) })), window.location.origin);
    const answer = await sendFiles('PUT', url, form, onProgress);
    const fileId = typeof answer === 'object' && answer !== null && 'telegramFileId' in answer ? answer.telegramFileId : null;
    if (typeof fileId !== 'string') throw new HttpError('The server answered without the photo', 502, answer);
    return fileId;
  };
