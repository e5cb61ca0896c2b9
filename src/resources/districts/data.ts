import { API_PATHS, districtSchema } from '../../domain';
import { cityRowsResource } from '../../providers/rest';

/** Districts: listed per city (the city in the path of /city/{cityId}/districts, or the one picked). */
export const districts = cityRowsResource(API_PATHS.districts, districtSchema);
