import { translations } from '../../i18n/types';
import { adsMessagesEs } from './messagesEs';
import { adsMessagesRu } from './messagesRu';

const adsTextsEn = {
  name: 'Ad |||| Ads',
  fields: {
    restaurant: 'Restaurant',
    restaurantId: 'Restaurant',
    cityId: 'City',
    text: 'Text',
    publishTimestamp: 'Publish at',
    unpublishTimestamp: 'Unpublish at',
    status: 'Status',
    error: 'Reason',
    telegramFileIds: 'Images',
    videoFileId: 'Video',
  },
  /** Spec section 4; 'Error occured' is the spec's own spelling. */
  statuses: {
    0: 'Waiting',
    10: 'Published',
    20: 'Finished',
    30: 'Error occured during publication',
    40: 'Unpublish failed',
    50: 'Waiting for image',
  },
  empty: 'No ads match these filters.',
  reason: 'Reason: %{error}',
  newTitle: 'New ad',
  editTitle: 'Ad #%{id}',
  chat: {
    label: 'Ad chat',
    none: 'This city has no ad chat yet (adChatId): its ads cannot be published until an admin sets one.',
    pickRestaurant: 'Pick a restaurant to see the chat its ads go to.',
  },
  locked: 'This ad is already published: only its unpublish time can change.',
  finished: 'This ad is finished and can no longer change.',
  media: {
    both: 'An ad carries images or a video, never both.',
    images: 'Images (up to %{max})',
    addImages: 'Upload images',
    image: 'Image %{n}',
    removeImage: 'Remove image %{n}',
    tooMany: 'At most %{max} images: %{count} of the chosen files were left out.',
    video: 'Video (MP4)',
    addVideo: 'Upload a video',
    removeVideo: 'Remove the video',
    videoPreview: 'Video preview',
    videoStored: 'Stored video %{id}',
    uploadVideoError: 'Error while uploading video',
    uploading: 'Uploading: %{percent}%',
  },
  timeout: {
    title: 'Your next ad',
    wait: 'Your restaurant may publish its next ad in %{time}.',
    short: 'Next ad in %{time}',
    days: '%{count} d',
    hours: '%{count} h',
    minutes: '%{count} min',
    seconds: '%{count} s',
  },
  refused: {
    title: 'Cannot publish ads:',
    close: 'Close',
  },
  deleteTitle: 'Delete this ad?',
  deleteContent: 'The ad of %{restaurant} will be deleted.',
};
export type AdsTexts = typeof adsTextsEn;

export const adsMessages = translations({ en: adsTextsEn, ru: adsMessagesRu, es: adsMessagesEs });
