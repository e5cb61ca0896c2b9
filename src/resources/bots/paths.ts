/** The spec's path of the new-bot form (its edit form is react-admin's own /bots/:id). */
export const BOT_CREATE_PATH = '/bots/add';
