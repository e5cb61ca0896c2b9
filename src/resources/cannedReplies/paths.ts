import type { Identifier } from 'react-admin';

/** The new-reply form (its edit form is react-admin's own /cannedReplies/:id). */
export const CANNED_REPLY_CREATE_PATH = '/cannedReplies/add';

export const cannedReplyEditPath = (id: Identifier) => `/cannedReplies/${id}`;
