import { API_PATHS, tagSchema } from '../../domain';
import { cityRowsResource } from '../../providers/rest';

/** Tags: listed per city, which the admin picks (a city admin's filter is their own city). */
export const tags = cityRowsResource(API_PATHS.tags, tagSchema);
