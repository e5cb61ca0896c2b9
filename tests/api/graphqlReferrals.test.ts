import { beforeAll, describe, expect, it } from 'vitest';
import { backends, createRestaurant, useStaffApp } from './harness';

interface GraphqlError {
  message: string;
  extensions: { code: string; statusCode: number; args?: Record<string, unknown>; details?: { field: string; message: string }[] };
}
interface GraphqlAnswer {
  data: Record<string, unknown> | null;
  errors?: GraphqlError[];
}
interface Link {
  id: number;
  code: string;
  count: number;
  limit: number;
  referralLink: string | null;
  options: { categoryId: number | null; restaurantId: number | null };
  validUntil: string | null;
  cityId: number | null;
}

const LINK_FIELDS = 'id code count limit referralLink options { categoryId restaurantId } validUntil cityId';
const LIST = `query ($cityId: Int) { getReferralLinks(cityId: $cityId) { ${LINK_FIELDS} } }`;
const CREATE = `mutation ($link: ReferralLinkInput!) { createReferralLink(referralLink: $link) { ${LINK_FIELDS} } }`;
const DELETE = `mutation ($id: Int!) { deleteReferralLink(id: $id) }`;
const RESTAURANTS = `query ($cityId: Int) {
  getRestaurants(cityId: $cityId) { id name name_ru address description description_ru cityId city { id name name_ru currency } enabled position }
}`;

describe.each(backends)('referral links and restaurants over GraphQL on %s', (backend) => {
  const t = useStaffApp(backend);
  let categoryId: number;
  let secondRestaurantId: number;
  let secondCategoryId: number;
  let farRestaurantId: number;
  let farCategoryId: number;
  let farLinkId: number;
  let globalLinkId: number;

  const category = async (restaurantId: number, name: string) =>
    (
      await t.db
        .insertInto('dish_categories')
        .values({ restaurant_id: restaurantId, name, name_ru: name, position: 1 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    await t.db.updateTable('cities').set({ chatname: '@test_food_bot' }).where('id', '=', t.ids.cityId).execute();
    categoryId = await category(t.ids.restaurantId, 'Pizza');
    secondRestaurantId = await createRestaurant(t.db, t.ids.cityId, 'Second kitchen');
    secondCategoryId = await category(secondRestaurantId, 'Soups');
    farRestaurantId = await createRestaurant(t.db, t.ids.otherCityId, 'Far kitchen');
    farCategoryId = await category(farRestaurantId, 'Tapas');
    farLinkId = (
      await t.db
        .insertInto('referral_links')
        .values({ code: 'FAR', city_id: t.ids.otherCityId, limit: 5, count: 2, valid_until: new Date('2030-01-01T00:00:00Z') })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    globalLinkId = (
      await t.db.insertInto('referral_links').values({ code: 'EVERYWHERE', city_id: null }).returning('id').executeTakeFirstOrThrow()
    ).id;
  });

  const gql = async (who: string, query: string, variables: Record<string, unknown> = {}): Promise<GraphqlAnswer> => {
    const response = await t.app.inject({ method: 'POST', url: '/graphql', headers: t.auth[who], payload: { query, variables } });
    const body = response.json<GraphqlAnswer>();
    expect(body.errors?.[0]?.message ?? '').not.toMatch(/\bat \w+ \(/);
    expect(response.headers['x-total-count']).toBeUndefined();
    return body;
  };
  const errorOf = (answer: GraphqlAnswer): GraphqlError['extensions'] | undefined => answer.errors?.[0]?.extensions;
  const create = async (who: string, link: Record<string, unknown>) => gql(who, CREATE, { link });
  const created = async (who: string, link: Record<string, unknown>): Promise<Link> => {
    const answer = await create(who, link);
    expect(answer.errors, JSON.stringify(link)).toBeUndefined();
    return answer.data?.createReferralLink as Link;
  };
  const listed = async (who: string, cityId?: number): Promise<Link[]> => {
    const answer = await gql(who, LIST, cityId === undefined ? {} : { cityId });
    expect(answer.errors).toBeUndefined();
    return answer.data?.getReferralLinks as Link[];
  };
  /** The link the input gives, as a VALIDATION_ERROR naming `field`. */
  const expectFieldError = async (link: Record<string, unknown>, field: string, message?: string) => {
    const answer = await create('admin', link);
    expect(errorOf(answer), JSON.stringify(link)).toMatchObject({ code: 'VALIDATION_ERROR', statusCode: 400 });
    expect(errorOf(answer)?.details, JSON.stringify(link)).toContainEqual(
      expect.objectContaining(message === undefined ? { field } : { field, message }),
    );
    expect(answer.data).toBeNull();
  };

  it('lets an admin create a link in a city, with its deep link and options, unlimited by default', async () => {
    const link = await created('admin', {
      code: 'SPRING',
      cityId: t.ids.cityId,
      options: { restaurantId: t.ids.restaurantId, categoryId },
    });
    expect(link).toEqual({
      id: expect.any(Number),
      code: 'SPRING',
      count: 0,
      limit: 0,
      referralLink: 'https://t.me/test_food_bot?start=SPRING',
      options: { categoryId, restaurantId: t.ids.restaurantId },
      validUntil: null,
      cityId: t.ids.cityId,
    });
    // A limit of 0 said out loud is unlimited too; surrounding spaces of a pasted code are dropped.
    expect(await created('admin', { code: ' zero_limit-1 ', limit: 0, cityId: t.ids.cityId })).toMatchObject({
      code: 'zero_limit-1',
      limit: 0,
      options: { categoryId: null, restaurantId: null },
    });
    expect(await created('admin', { code: 'LIMITED', limit: 25, cityId: t.ids.otherCityId, options: null })).toMatchObject({
      limit: 25,
      cityId: t.ids.otherCityId,
      // The other city names no bot chat: there is no link to follow.
      referralLink: null,
    });
  });

  it("puts a city admin's link in their own city and refuses another city", async () => {
    const link = await created('cityadmin', { code: 'CITYADMIN', limit: 10, options: { categoryId: secondCategoryId } });
    expect(link).toMatchObject({ cityId: t.ids.cityId, limit: 10, options: { categoryId: secondCategoryId, restaurantId: null } });
    expect(errorOf(await create('cityadmin', { code: 'ELSEWHERE', cityId: t.ids.otherCityId }))).toMatchObject({
      code: 'CITY_NOT_YOURS',
      statusCode: 403,
    });
    expect(await listed('admin', t.ids.otherCityId)).not.toContainEqual(expect.objectContaining({ code: 'ELSEWHERE' }));
  });

  it('refuses operators and owners every referral operation', async () => {
    for (const who of ['operator', 'owner']) {
      expect(errorOf(await gql(who, LIST)), who).toMatchObject({ code: 'FORBIDDEN', statusCode: 403 });
      expect(errorOf(await create(who, { code: `BY_${who}` })), who).toMatchObject({ code: 'FORBIDDEN', statusCode: 403 });
      expect(errorOf(await gql(who, DELETE, { id: farLinkId })), who).toMatchObject({ code: 'FORBIDDEN', statusCode: 403 });
    }
    expect(await listed('admin')).not.toContainEqual(expect.objectContaining({ code: expect.stringMatching(/^BY_/) }));
  });

  it('lists every link to an admin, or one city, and only their own city to a city admin', async () => {
    const all = await listed('admin');
    expect(all.map((l) => l.code)).toEqual(expect.arrayContaining(['SPRING', 'FAR', 'EVERYWHERE', 'CITYADMIN']));
    expect(all.find((l) => l.code === 'FAR')).toEqual({
      id: farLinkId,
      code: 'FAR',
      count: 2,
      limit: 5,
      referralLink: null,
      options: { categoryId: null, restaurantId: null },
      validUntil: '2030-01-01T00:00:00.000Z',
      cityId: t.ids.otherCityId,
    });
    expect(all.find((l) => l.code === 'EVERYWHERE')).toMatchObject({ cityId: null, referralLink: null });
    // Newest first.
    expect(all.map((l) => l.id)).toEqual([...all.map((l) => l.id)].sort((a, b) => b - a));

    const far = await listed('admin', t.ids.otherCityId);
    expect(far.length).toBeGreaterThan(0);
    expect(far.every((l) => l.cityId === t.ids.otherCityId)).toBe(true);

    const mine = await listed('cityadmin');
    expect(mine.map((l) => l.code)).toEqual(expect.arrayContaining(['SPRING', 'CITYADMIN']));
    expect(mine.every((l) => l.cityId === t.ids.cityId)).toBe(true);
    expect(await listed('cityadmin', t.ids.cityId)).toEqual(mine);
    expect(errorOf(await gql('cityadmin', LIST, { cityId: t.ids.otherCityId }))).toMatchObject({ code: 'CITY_NOT_FOUND', statusCode: 404 });
    expect(errorOf(await gql('admin', LIST, { cityId: 0 }))?.details).toContainEqual(expect.objectContaining({ field: 'cityId' }));
  });

  it('refuses bad input as VALIDATION_ERROR naming the field', async () => {
    const cityId = t.ids.cityId;
    await expectFieldError({ code: '', cityId }, 'code', 'Required');
    await expectFieldError({ code: '   ', cityId }, 'code', 'Required');
    await expectFieldError({ code: 'two words', cityId }, 'code', 'may hold only letters, digits, _ and -');
    await expectFieldError({ code: 'café', cityId }, 'code', 'may hold only letters, digits, _ and -');
    await expectFieldError({ code: 'A'.repeat(65), cityId }, 'code', 'must be less than 65 symbols');
    await expectFieldError({ code: 'ref=1&x', cityId }, 'code', 'may hold only letters, digits, _ and -');
    await expectFieldError({ code: 'NEGATIVE', limit: -1, cityId }, 'limit');
    await expectFieldError({ code: 'BADCITY', cityId: 0 }, 'cityId');
    await expectFieldError({ code: 'BADCATEGORY', cityId, options: { categoryId: -3 } }, 'options.categoryId');
    // The category and the restaurant must be the link's city's, and the category the restaurant's.
    await expectFieldError({ code: 'FARCATEGORY', cityId, options: { categoryId: farCategoryId } }, 'options.categoryId');
    await expectFieldError({ code: 'FARRESTAURANT', cityId, options: { restaurantId: farRestaurantId } }, 'options.restaurantId');
    await expectFieldError(
      { code: 'MISMATCH', cityId, options: { restaurantId: t.ids.restaurantId, categoryId: secondCategoryId } },
      'options.categoryId',
      'is not a dish category of the restaurant',
    );
    await expectFieldError({ code: 'NORESTAURANT', cityId, options: { restaurantId: 999_999 } }, 'options.restaurantId');
    const missingCity = await create('admin', { code: 'MISSINGCITY', cityId: 999_999 });
    expect(errorOf(missingCity)).toMatchObject({ statusCode: 400, details: [expect.objectContaining({ field: 'cityId' })] });
    // A code missing altogether is refused by the GraphQL schema itself.
    const noCode = await create('admin', { cityId });
    expect(noCode.data ?? null).toBeNull();
    expect(noCode.errors?.[0]?.message).toMatch(/code/);

    const codes = (await listed('admin')).map((l) => l.code);
    for (const refused of ['NEGATIVE', 'BADCITY', 'FARCATEGORY', 'FARRESTAURANT', 'MISMATCH', 'NORESTAURANT', 'MISSINGCITY']) {
      expect(codes).not.toContain(refused);
    }
  });

  it("takes a code of up to 64 letters, digits, _ and -, which is the deep link's start parameter as it is", async () => {
    const longest = `${'a'.repeat(31)}_${'B'.repeat(30)}-9`;
    expect(longest).toHaveLength(64);
    const link = await created('admin', { code: longest, cityId: t.ids.cityId });
    expect(link.referralLink).toBe(`https://t.me/test_food_bot?start=${longest}`);
    // Words that merely contain the restaurant prefix are fine.
    for (const code of ['restaurant', 'restaurants', 'my_restaurant_1', 'restaurant-2']) {
      expect((await created('admin', { code, cityId: t.ids.cityId })).code).toBe(code);
    }
  });

  it('refuses a code starting with restaurant_ in any case: the bot opens restaurants with it', async () => {
    const message = 'must not start with restaurant_ (the bot opens restaurants with it)';
    for (const code of ['restaurant_', 'restaurant_12', 'Restaurant_x', 'RESTAURANT_9', ' restaurant_1 ']) {
      await expectFieldError({ code, cityId: t.ids.cityId }, 'code', message);
    }
    const answer = await create('cityadmin', { code: 'restaurant_1' });
    expect(errorOf(answer)).toMatchObject({ code: 'VALIDATION_ERROR', statusCode: 400, details: [{ field: 'code', message }] });
    expect((await listed('admin')).map((l) => l.code.toLowerCase())).not.toContainEqual(expect.stringMatching(/^restaurant_/));
  });

  it('keeps an end in the future, and refuses one that is past, not a date or without its zone', async () => {
    const end = new Date(Date.now() + 7 * 24 * 3600 * 1000);
    end.setMilliseconds(0);
    const link = await created('cityadmin', { code: 'WEEKLONG', validUntil: end.toISOString() });
    expect(link.validUntil).toBe(end.toISOString());
    expect((await listed('cityadmin')).find((l) => l.code === 'WEEKLONG')?.validUntil).toBe(end.toISOString());
    // The same instant written with another zone.
    const offset = await created('admin', { code: 'OFFSET', cityId: t.ids.cityId, validUntil: '2099-06-01T12:00:00+02:00' });
    expect(offset.validUntil).toBe('2099-06-01T10:00:00.000Z');
    expect(await created('admin', { code: 'FOREVER', cityId: t.ids.cityId, validUntil: null })).toMatchObject({ validUntil: null });

    const cityId = t.ids.cityId;
    const past = new Date(Date.now() - 60_000).toISOString();
    await expectFieldError({ code: 'BYGONE', cityId, validUntil: past }, 'validUntil', 'must be in the future');
    await expectFieldError({ code: 'NOTADATE', cityId, validUntil: 'next week' }, 'validUntil', 'must be a date and time');
    await expectFieldError({ code: 'NOZONE', cityId, validUntil: '2099-01-01T10:00:00' }, 'validUntil', 'must be a date and time');
    await expectFieldError({ code: 'NOTIME', cityId, validUntil: '2099-01-01' }, 'validUntil', 'must be a date and time');
    const codes = (await listed('admin')).map((l) => l.code);
    for (const refused of ['BYGONE', 'NOTADATE', 'NOZONE', 'NOTIME']) expect(codes).not.toContain(refused);
  });

  it('refuses a city admin the restaurants and categories of another city, as field errors', async () => {
    for (const [options, field] of [
      [{ restaurantId: farRestaurantId }, 'options.restaurantId'],
      [{ categoryId: farCategoryId }, 'options.categoryId'],
    ] as const) {
      const answer = await create('cityadmin', { code: 'ABROAD', options });
      expect(errorOf(answer)).toMatchObject({ code: 'VALIDATION_ERROR', statusCode: 400 });
      expect(errorOf(answer)?.details).toContainEqual(expect.objectContaining({ field }));
    }
    // An admin's link of the other city takes that city's options.
    const far = await created('admin', {
      code: 'FARFOOD',
      cityId: t.ids.otherCityId,
      options: { restaurantId: farRestaurantId, categoryId: farCategoryId },
    });
    expect(far.options).toEqual({ restaurantId: farRestaurantId, categoryId: farCategoryId });
    expect((await listed('admin')).map((l) => l.code)).not.toContain('ABROAD');
  });

  it('answers a code already taken with a 409 REFERRAL_CODE_TAKEN, in any city and by any route', async () => {
    const answer = await create('cityadmin', { code: 'FAR' });
    expect(errorOf(answer)).toMatchObject({
      code: 'REFERRAL_CODE_TAKEN',
      statusCode: 409,
      args: { code: 'FAR' },
      details: [expect.objectContaining({ field: 'code' })],
    });
    expect(answer.errors?.[0]?.message).toBe('The referral code FAR is already taken');
    // Whatever the case: the code people pass on is one code.
    for (const code of ['far', 'Far', 'everywhere']) {
      expect(errorOf(await create('admin', { code, cityId: t.ids.cityId })), code).toMatchObject({ code: 'REFERRAL_CODE_TAKEN' });
    }

    // Requests for one new code at once, spelt alike or not: one link each, the others a 409, never a 500.
    const spellings = ['RACE', 'race', 'Race', 'rAcE'];
    const codes = Array.from({ length: 6 }, (_, i) => spellings.map((spelling) => `${spelling}${i}`));
    const answers = await Promise.all(
      codes.flat().map((code, i) => (i % 2 ? create('cityadmin', { code }) : create('admin', { code, cityId: t.ids.cityId }))),
    );
    const outcomes = answers.map((a) => errorOf(a)?.code ?? 'created');
    const stored = (await listed('admin')).map((l) => l.code.toLowerCase());
    codes.forEach((group, i) => {
      const of = outcomes.slice(i * spellings.length, (i + 1) * spellings.length).sort();
      expect(of, group.join()).toEqual(['REFERRAL_CODE_TAKEN', 'REFERRAL_CODE_TAKEN', 'REFERRAL_CODE_TAKEN', 'created']);
      expect(stored.filter((code) => code === `race${i}`)).toHaveLength(1);
    });
  });

  it('deletes a link in scope only: another city and every-city links are unknown to a city admin', async () => {
    for (const id of [farLinkId, globalLinkId, 999_999]) {
      expect(errorOf(await gql('cityadmin', DELETE, { id }))).toMatchObject({ code: 'REFERRAL_LINK_NOT_FOUND', statusCode: 404 });
    }
    expect((await listed('admin')).map((l) => l.id)).toEqual(expect.arrayContaining([farLinkId, globalLinkId]));

    const own = await created('cityadmin', { code: 'SHORTLIVED' });
    expect((await gql('cityadmin', DELETE, { id: own.id })).data).toEqual({ deleteReferralLink: true });
    expect(await listed('cityadmin')).not.toContainEqual(expect.objectContaining({ id: own.id }));
    expect(errorOf(await gql('cityadmin', DELETE, { id: own.id }))).toMatchObject({ code: 'REFERRAL_LINK_NOT_FOUND' });

    expect((await gql('admin', DELETE, { id: farLinkId })).data).toEqual({ deleteReferralLink: true });
    expect((await gql('admin', DELETE, { id: globalLinkId })).data).toEqual({ deleteReferralLink: true });
    expect((await listed('admin')).map((l) => l.id)).not.toEqual(expect.arrayContaining([farLinkId]));
    expect(errorOf(await gql('admin', DELETE, { id: 0 }))?.details).toContainEqual(expect.objectContaining({ field: 'id' }));
  });

  it('lists restaurants per role with the same scope as REST', async () => {
    const names = (answer: GraphqlAnswer) => ((answer.data?.getRestaurants ?? []) as { name: string }[]).map((r) => r.name).sort();
    const admin = await gql('admin', RESTAURANTS);
    expect(names(admin)).toEqual(['Far kitchen', 'Second kitchen', 'Test kitchen']);
    expect((admin.data?.getRestaurants as unknown[]).find((r) => (r as { id: number }).id === t.ids.restaurantId)).toEqual({
      id: t.ids.restaurantId,
      name: 'Test kitchen',
      name_ru: 'Test kitchen',
      address: 'Main street 1',
      description: '',
      description_ru: '',
      cityId: t.ids.cityId,
      city: { id: t.ids.cityId, name: expect.any(String), name_ru: expect.any(String), currency: 'EUR' },
      enabled: true,
      position: 0,
    });
    expect(names(await gql('admin', RESTAURANTS, { cityId: t.ids.otherCityId }))).toEqual(['Far kitchen']);

    for (const who of ['cityadmin', 'operator']) {
      expect(names(await gql(who, RESTAURANTS)), who).toEqual(['Second kitchen', 'Test kitchen']);
      expect(names(await gql(who, RESTAURANTS, { cityId: t.ids.cityId })), who).toEqual(['Second kitchen', 'Test kitchen']);
      expect(errorOf(await gql(who, RESTAURANTS, { cityId: t.ids.otherCityId })), who).toMatchObject({
        code: 'CITY_NOT_FOUND',
        statusCode: 404,
      });
    }
    expect(names(await gql('owner', RESTAURANTS))).toEqual(['Test kitchen']);
    expect(names(await gql('owner', RESTAURANTS, { cityId: t.ids.cityId }))).toEqual(['Test kitchen']);

    // A deleted restaurant is gone from every list.
    await t.db.updateTable('restaurants').set({ deleted_at: new Date() }).where('id', '=', secondRestaurantId).execute();
    expect(names(await gql('cityadmin', RESTAURANTS))).toEqual(['Test kitchen']);
  });

  it('answers without a session with a 401', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/graphql', payload: { query: RESTAURANTS } });
    expect(response.statusCode).toBe(401);
  });
});
