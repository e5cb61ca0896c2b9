import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  missingDistrictPrices,
  mayChangeRestaurantField,
  PHOTO_MAX_BYTES,
  restaurantCreateSchema,
  restaurantRecord,
  restaurantUpdateSchema,
  WEEK_DAYS,
  type DistrictPrice,
  type Restaurant,
  type RestaurantField,
  type RestaurantUpdateInput,
  type WorkingDay,
} from '../../../src/domain';
import { currentUser, requireCan } from '../../auth/authorize';
import { assertCityExists, listedCity, type Actor } from '../../auth/scope';
import { apiError, badRequest, forbidden, HttpError, invalidFields } from '../../errors';
import { cityIdParams, idParams, idsQuery } from '../../http/params';
import { newRowCity } from '../cities/cityMove';
import type { RouteDeps } from '../deps';
import { listQuery, restaurantList, restaurantReader } from './restaurantReads';
import { imageTypeOf } from './photoRoutes';
import { restaurantRepository } from './repository';

/** The text a form field keeps for "none". */
const textOf = (value: string | null | undefined) => value ?? '';

/**
 * Restaurants (spec section 7, Restaurants and photos). A deleted restaurant is only marked
 * deleted (its orders keep it); every read leaves marked ones out (restaurantReads.ts).
 */
export const restaurantRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, messenger, now }) => {
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 5 } });

  const { some, load, list } = restaurantReader(db, now);
  const restaurants = restaurantRepository(db);

  app.get(
    API_PATHS.restaurants.list,
    {
      schema: { querystring: listQuery.extend({ ids: idsQuery }), response: { 200: restaurantList } },
      preValidation: requireCan('restaurants', 'show'),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { ids, enabled } = request.query;
      // react-admin's getMany: the restaurants of these ids the user may see (an owner their own).
      if (ids) return some(user, ids);
      return list(user, null, enabled, request.query, reply);
    },
  );

  app.get(
    API_PATHS.restaurants.cityList,
    {
      schema: { params: cityIdParams, querystring: listQuery, response: { 200: restaurantList } },
      preValidation: requireCan('restaurants', 'list'),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const cityId = listedCity(user, request.params.cityId);
      if (cityId === 'none') return [];
      return list(user, cityId, request.query.enabled, request.query, reply);
    },
  );

  app.get(
    API_PATHS.restaurants.one,
    { schema: { params: idParams, response: { 200: restaurantRecord } }, preValidation: requireCan('restaurants', 'show') },
    async (request) => load(currentUser(request), request.params.id),
  );

  /** The user whose messenger id is given: a 400 FST_NOTIFICATION_ACCOUNT_NOT_FOUND on the field when there is none. */
  const notificationUserId = async (telegramId: number | null | undefined): Promise<number | null> => {
    if (telegramId === null || telegramId === undefined) return null;
    const userId = await restaurants.userIdByTelegramId(telegramId);
    if (userId === undefined) {
      throw apiError(400, 'FST_NOTIFICATION_ACCOUNT_NOT_FOUND', { telegramId }, [
        { field: 'notificationAccountTelegramId', message: `No messenger user with the id ${telegramId}` },
      ]);
    }
    return userId;
  };

  /** Cuisines, districts and the restaurant's own district must be the city's. */
  const checkCityRows = async (
    cityId: number,
    body: Pick<RestaurantUpdateInput, 'selectedCuisines' | 'districtRestaurants' | 'districtId'>,
  ) => {
    const errors: { field: string; message: string }[] = [];
    const cuisines = body.selectedCuisines ?? [];
    if (cuisines.length) {
      const known = new Set(await restaurants.cityCuisineIds(cityId, cuisines));
      cuisines.forEach((id, i) => {
        if (!known.has(id)) errors.push({ field: `selectedCuisines.${i}`, message: 'is not a cuisine of the city' });
      });
    }
    const districtIds = [...(body.districtRestaurants ?? []).map((d) => d.districtId), ...(body.districtId ? [body.districtId] : [])];
    const districts = districtIds.length ? await restaurants.cityDistricts(cityId, districtIds) : [];
    const names = new Map(districts.map((d) => [d.id, d.name]));
    const seen = new Set<number>();
    (body.districtRestaurants ?? []).forEach((d, i) => {
      if (!names.has(d.districtId)) errors.push({ field: `districtRestaurants.${i}.districtId`, message: 'is not a district of the city' });
      else if (seen.has(d.districtId)) errors.push({ field: `districtRestaurants.${i}.districtId`, message: 'is listed twice' });
      seen.add(d.districtId);
    });
    if (body.districtId && !names.has(body.districtId)) errors.push({ field: 'districtId', message: 'is not a district of the city' });
    if (errors.length) throw invalidFields(errors);
    const [missing] = missingDistrictPrices(body.districtRestaurants);
    if (missing !== undefined && body.districtRestaurants) {
      const district = names.get(body.districtRestaurants[missing].districtId) ?? '';
      throw apiError(400, 'FST_KEY_IS_MISSING', { district }, [
        { field: `districtRestaurants.${missing}.price`, message: `The district price is missing for ${district}` },
      ]);
    }
  };

  app.post(
    API_PATHS.restaurants.create,
    {
      schema: { body: restaurantCreateSchema, response: { 201: restaurantRecord } },
      preValidation: requireCan('restaurants', 'create'),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { body } = request;
      const cityId = await newRowCity(db, user, body.cityId);
      await checkCityRows(cityId, body);
      const notifyId = await notificationUserId(body.notificationAccountTelegramId);
      const id = await restaurants.create(
        {
          city_id: cityId,
          district_id: body.districtId ?? null,
          name: body.name.trim(),
          name_ru: body.name_ru.trim(),
          description: textOf(body.description),
          description_ru: textOf(body.description_ru),
          receipt_text: textOf(body.receipt_text),
          receipt_text_ru: textOf(body.receipt_text_ru),
          position: body.position,
          enabled: body.enabled ?? true,
          active: body.active ?? true,
          min_order_sum: body.minOrderSum,
          delivery_price: body.deliveryPrice ?? 0,
          delivery_time: textOf(body.deliveryTime).trim(),
          maximum_preorder_time: body.maximumPreorderTime ?? null,
          address: body.address.trim(),
          can_pickup: body.canPickup ?? true,
          can_delivery: body.canDelivery ?? true,
          telegram_file_id: body.telegramFileId || null,
          schedule: body.schedule.trim(),
          link: body.link || null,
          notification_user_id: notifyId,
        },
        { workingDays: body.workingDays ?? [], cuisines: body.selectedCuisines ?? [], districts: body.districtRestaurants ?? [] },
      );
      reply.status(201);
      return load(user, id);
    },
  );

  /** A field's value as a comparable text: what "changed" means for the field-level role rules. */
  const comparable = (field: RestaurantField, value: unknown): string => {
    switch (field) {
      case 'workingDays':
        return JSON.stringify(
          WEEK_DAYS.map((v) => {
            const day = (value as WorkingDay[] | null | undefined)?.find((d) => d.value === v);
            return [v, day?.enabled ?? false, (day?.schedule ?? '').trim()];
          }),
        );
      case 'selectedCuisines':
        return JSON.stringify([...new Set((value as number[] | null | undefined) ?? [])].sort((a, b) => a - b));
      case 'districtRestaurants':
        return JSON.stringify(
          [...((value as DistrictPrice[] | null | undefined) ?? [])]
            .map((d) => [d.districtId, d.enabled, d.price ?? null])
            .sort((a, b) => Number(a[0]) - Number(b[0])),
        );
      default:
        return value === null || value === undefined ? '' : typeof value === 'string' ? value.trim() : String(value);
    }
  };

  /** A 403 naming the first field the role may not change that the body changes. */
  const checkFieldRules = (user: Actor, existing: Restaurant, body: RestaurantUpdateInput) => {
    for (const [key, value] of Object.entries(body)) {
      if (value === undefined) continue;
      const field = key as RestaurantField;
      if (mayChangeRestaurantField(user.roleId, field)) continue;
      const current = field === 'districtRestaurants' ? existing.districtRestaurants : existing[field];
      if (comparable(field, value) !== comparable(field, current)) throw forbidden('RESTAURANT_FIELD_REFUSED', { field });
    }
  };

  app.put(
    API_PATHS.restaurants.one,
    {
      schema: { params: idParams, body: restaurantUpdateSchema, response: { 200: restaurantRecord } },
      preValidation: requireCan('restaurants', 'edit'),
    },
    async (request) => {
      const user = currentUser(request);
      const existing = await load(user, request.params.id);
      const { body } = request;
      checkFieldRules(user, existing, body);
      const cityId = body.cityId ?? existing.cityId;
      if (cityId !== existing.cityId) await assertCityExists(db, cityId);
      const moving = cityId !== existing.cityId;
      // Moving to another city drops the old city's cuisines and district prices unless new ones are given.
      await checkCityRows(cityId, {
        selectedCuisines: body.selectedCuisines ?? (moving ? [] : undefined),
        districtRestaurants: body.districtRestaurants ?? undefined,
        districtId: body.districtId ?? undefined,
      });
      const delivers = body.canDelivery ?? existing.canDelivery;
      if (delivers && body.deliveryPrice === null) throw invalidFields([{ field: 'deliveryPrice', message: 'Required' }]);
      const notifyId =
        body.notificationAccountTelegramId === undefined ? undefined : await notificationUserId(body.notificationAccountTelegramId);
      const text = (v: string | null | undefined) => (v === undefined ? undefined : textOf(v).trim());
      const changes = {
        city_id: moving ? cityId : undefined,
        district_id: moving && body.districtId === undefined ? null : body.districtId,
        name: body.name?.trim(),
        name_ru: body.name_ru?.trim(),
        description: text(body.description),
        description_ru: text(body.description_ru),
        receipt_text: text(body.receipt_text),
        receipt_text_ru: text(body.receipt_text_ru),
        position: body.position,
        enabled: body.enabled,
        active: body.active,
        min_order_sum: body.minOrderSum,
        delivery_price: body.deliveryPrice === null ? 0 : body.deliveryPrice,
        delivery_time: text(body.deliveryTime),
        maximum_preorder_time: body.maximumPreorderTime,
        address: body.address?.trim(),
        can_pickup: body.canPickup,
        can_delivery: body.canDelivery,
        telegram_file_id: body.telegramFileId === undefined ? undefined : body.telegramFileId || null,
        schedule: text(body.schedule),
        link: body.link === undefined ? undefined : body.link || null,
        notification_user_id: notifyId,
      };
      const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      await restaurants.update(existing.id, set, {
        workingDays: body.workingDays || undefined,
        cuisines: body.selectedCuisines || moving ? (body.selectedCuisines ?? []) : undefined,
        // null or an empty list: the restaurant delivers to no district.
        districts: body.districtRestaurants !== undefined || moving ? (body.districtRestaurants ?? []) : undefined,
      });
      return load(user, existing.id);
    },
  );

  app.put(
    API_PATHS.restaurants.photo,
    {
      schema: {
        description: 'multipart/form-data with one file field photo: a JPEG, PNG, GIF or WebP image',
        params: idParams,
        response: { 200: restaurantRecord },
      },
      preValidation: requireCan('restaurants', 'edit'),
    },
    async (request) => {
      const user = currentUser(request);
      const existing = await load(user, request.params.id);
      if (!mayChangeRestaurantField(user.roleId, 'telegramFileId'))
        throw forbidden('RESTAURANT_FIELD_REFUSED', { field: 'telegramFileId' });
      if (!request.isMultipart()) throw badRequest('Send the photo as the multipart/form-data field photo');
      let photo: { data: Buffer; mimeType: string } | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== 'photo') throw badRequest(`Unexpected file field ${part.fieldname}: use photo`);
          const data = await part.toBuffer();
          const mimeType = await imageTypeOf(data);
          if (!mimeType)
            throw apiError(400, 'NOT_AN_IMAGE', { file: (part.filename || 'photo').slice(0, 100) }, [
              { field: 'photo', message: 'is not an image' },
            ]);
          photo = { data, mimeType };
        }
      } catch (error) {
        if (error instanceof HttpError) throw error;
        const code = error instanceof Error && 'code' in error ? error.code : undefined;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          throw apiError(400, 'PHOTO_TOO_LARGE', { megabytes: Math.round(PHOTO_MAX_BYTES / 1024 / 1024) });
        throw badRequest('The upload is not valid multipart data');
      }
      if (!photo) throw badRequest('No photo was sent: use the field photo');
      const fileId = await messenger.storePhoto({ ...photo, cityId: existing.cityId });
      await restaurants.setPhoto(existing.id, fileId);
      return load(user, existing.id);
    },
  );

  app.delete(
    API_PATHS.restaurants.one,
    { schema: { params: idParams, response: { 200: restaurantRecord } }, preValidation: requireCan('restaurants', 'delete') },
    async (request) => {
      const existing = await load(currentUser(request), request.params.id);
      // Marked deleted, never removed (its orders keep showing it); see the repository.
      await restaurants.markDeleted(existing.id, now());
      return existing;
    },
  );
};
