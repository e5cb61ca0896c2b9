import type { Identifier } from 'react-admin';

/** The spec's paths of the staff-account screens (the list is react-admin's own /admins). */
export const ADMINS_PATH = '/admins';
export const ADMIN_CREATE_PATH = '/admin/add';
export const adminEditPath = (id: Identifier) => `/admin/${id}`;
