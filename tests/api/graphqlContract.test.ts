import { buildClientSchema, getIntrospectionQuery, isObjectType, type IntrospectionQuery } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { backends, createRestaurant, useStaffApp } from './harness';
import { createCustomer, createOrder } from './orderFixtures';

interface GraphqlAnswer {
  data: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string; details?: { field: string }[] } }[];
}

/** What a client written against the spec alone sends, and what standard tools (GraphiQL, codegen) ask. */
describe.each(backends)('GraphQL as standard clients use it on %s', (backend) => {
  const t = useStaffApp(backend);
  let threadId: string;
  let orderId: number;
  let categoryId: number;
  let farRestaurantId: number;
  beforeAll(async () => {
    const customerId = await createCustomer(t.db, t.ids.cityId);
    ({ id: orderId, threadId } = await createOrder(t.db, { cityId: t.ids.cityId, restaurantId: t.ids.restaurantId, userId: customerId }));
    farRestaurantId = await createRestaurant(t.db, t.ids.otherCityId, 'Far kitchen');
    categoryId = (
      await t.db
        .insertInto('dish_categories')
        .values({ restaurant_id: farRestaurantId, name: 'Tapas', name_ru: 'Тапас', position: 1 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });

  const post = (who: string | null, query: string, variables: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url: '/graphql', headers: who === null ? {} : t.auth[who], payload: { query, variables } });
  const gql = async (who: string, query: string, variables: Record<string, unknown> = {}): Promise<GraphqlAnswer> =>
    (await post(who, query, variables)).json<GraphqlAnswer>();

  describe('introspection', () => {
    const variants = {
      default: getIntrospectionQuery(),
      shallow: getIntrospectionQuery({ typeDepth: 1 }),
      everything: getIntrospectionQuery({
        descriptions: true,
        specifiedByUrl: true,
        directiveIsRepeatable: true,
        schemaDescription: true,
        inputValueDeprecation: true,
        oneOf: true,
      }),
    };

    it.each(Object.entries(variants))("answers graphql's standard introspection query (%s) to every staff role", async (_name, query) => {
      for (const who of ['admin', 'cityadmin', 'operator', 'owner']) {
        const response = await post(who, query);
        expect(response.statusCode, `${who}: ${response.body.slice(0, 200)}`).toBe(200);
        const answer = response.json<{ data: IntrospectionQuery; errors?: unknown }>();
        expect(answer.errors).toBeUndefined();
        expect(answer.data.__schema.queryType.name).toBe('Query');
        // typeDepth 1 is too shallow for graphql's own client to rebuild lists of non-null types.
        if (query === variants.shallow) continue;
        // What GraphiQL and codegen do with it: a schema they can check queries against.
        const schema = buildClientSchema(answer.data);
        const message = schema.getType('OrderMessage');
        expect(message && isObjectType(message) ? Object.keys(message.getFields()) : []).toContain('order');
        expect(
          schema
            .getMutationType()
            ?.getFields()
            .createReferralLink?.args.map((a) => a.name),
        ).toEqual(['referralLink']);
      }
    });

    it('answers introspection without a session with a 401', async () => {
      expect((await post(null, getIntrospectionQuery())).statusCode).toBe(401);
    });

    it('still refuses a deep query of the schema itself, and introspection nested past its own depth', async () => {
      const deepMessages = `{ getOrderMessages(threadId: "${'A'.repeat(9)}") { order { restaurant { ${'... on OrderRestaurant { '.repeat(6)} id ${'} '.repeat(6)} } } } }`;
      expect((await gql('admin', deepMessages)).errors?.[0]?.message).toMatch(/nests deeper than/);
      // ofType nested far deeper than any real type needs.
      const ofTypes = `{ __schema { types { ${'ofType { '.repeat(40)} name ${'} '.repeat(40)} } } }`;
      const refused = await gql('admin', ofTypes);
      expect(refused.errors?.[0]?.message).toMatch(/nests deeper than/);
    });

    it('does not let introspection lift the alias limit', async () => {
      const aliases = `{ ${Array.from({ length: 30 }, (_, i) => `t${i}: __type(name: "Order") { name }`).join(' ')} }`;
      expect((await gql('admin', aliases)).errors?.[0]?.message).toMatch(/aliases; at most/);
    });
  });

  describe('chat messages', () => {
    const HISTORY = `query ($threadId: String!) { getOrderMessages(threadId: $threadId) { id text url order { threadId restaurant { id name name_ru } } } }`;
    const ADMIN = `mutation ($threadId: String!, $text: String!) { sendAdminMessage(threadId: $threadId, text: $text) { id text url orderId } }`;

    it('sends an admin message without a url, as the spec allows', async () => {
      const answer = await gql('admin', ADMIN, { threadId, text: 'Your courier is near' });
      expect(answer.errors).toBeUndefined();
      expect(answer.data?.sendAdminMessage).toMatchObject({ text: 'Your courier is near', url: null, orderId });
      const literal = await gql('cityadmin', `mutation { sendAdminMessage(threadId: "${threadId}", text: "Hello") { id url } }`);
      expect(literal.errors).toBeUndefined();
      expect(literal.data?.sendAdminMessage).toMatchObject({ url: null });
    });

    it("names each message's order, its thread and restaurant, over GraphQL and REST", async () => {
      await gql('admin', ADMIN, { threadId, text: 'Order noted' });
      const expected = { threadId, restaurant: { id: t.ids.restaurantId, name: 'Test kitchen', name_ru: expect.any(String) } };
      const answer = await gql('operator', HISTORY, { threadId });
      expect(answer.errors).toBeUndefined();
      const listed = answer.data?.getOrderMessages as { order: unknown }[];
      expect(listed.length).toBeGreaterThan(0);
      for (const message of listed) expect(message.order).toEqual(expected);

      const rest = await t.call('operator', 'GET', `/orders/${threadId}`);
      expect(rest.statusCode).toBe(200);
      const restMessages = rest.json<{ order: unknown }[]>();
      expect(restMessages.length).toBe(listed.length);
      for (const message of restMessages) expect(message.order).toEqual(expected);
      const sent = await t.call('operator', 'POST', `/orders/${threadId}`, { text: 'From the operator' });
      expect(sent.json()).toMatchObject({ order: expected });
    });
  });

  describe('referral links with the spec arguments', () => {
    const CREATE = `mutation ($link: ReferralLinkInput!) { createReferralLink(referralLink: $link) { id code limit cityId options { categoryId restaurantId } } }`;
    const created = async (who: string, link: Record<string, unknown>) => {
      const answer = await gql(who, CREATE, { link });
      expect(answer.errors, JSON.stringify(link)).toBeUndefined();
      return answer.data?.createReferralLink;
    };

    it("makes an admin's link without options the admins' own, of no city", async () => {
      expect(await created('admin', { code: 'ADMINS_OWN', limit: 0, options: { categoryId: null, restaurantId: null } })).toMatchObject({
        cityId: null,
        limit: 0,
      });
      expect(await created('admin', { code: 'ADMINS_BARE' })).toMatchObject({ cityId: null });
    });

    it("takes an admin's link's city from the chosen restaurant or category", async () => {
      expect(await created('admin', { code: 'BY_RESTAURANT', limit: 5, options: { restaurantId: t.ids.restaurantId } })).toMatchObject({
        cityId: t.ids.cityId,
        options: { restaurantId: t.ids.restaurantId, categoryId: null },
      });
      expect(await created('admin', { code: 'BY_CATEGORY', limit: 5, options: { categoryId } })).toMatchObject({
        cityId: t.ids.otherCityId,
        options: { categoryId, restaurantId: null },
      });
      // A category of another restaurant than the chosen one is still refused.
      const mismatch = await gql('admin', CREATE, {
        link: { code: 'MISMATCH', options: { restaurantId: t.ids.restaurantId, categoryId } },
      });
      expect(mismatch.errors?.[0]?.extensions?.details?.map((d) => d.field)).toContain('options.categoryId');
    });

    it('keeps an explicit city for an admin and checks the options against it', async () => {
      expect(await created('admin', { code: 'EXPLICIT', cityId: t.ids.otherCityId })).toMatchObject({ cityId: t.ids.otherCityId });
      const wrong = await gql('admin', CREATE, {
        link: { code: 'WRONG_CITY', cityId: t.ids.cityId, options: { restaurantId: farRestaurantId } },
      });
      expect(wrong.errors?.[0]?.extensions?.details?.map((d) => d.field)).toContain('options.restaurantId');
    });

    it("puts a city admin's link in their city, and refuses a restaurant of another", async () => {
      expect(await created('cityadmin', { code: 'CITY_OWN', limit: 3, options: { restaurantId: t.ids.restaurantId } })).toMatchObject({
        cityId: t.ids.cityId,
      });
      expect(await created('cityadmin', { code: 'CITY_BARE', limit: 3, options: {} })).toMatchObject({ cityId: t.ids.cityId });
      const far = await gql('cityadmin', CREATE, { link: { code: 'CITY_FAR', options: { restaurantId: farRestaurantId } } });
      expect(far.errors?.[0]?.extensions?.code).toBe('VALIDATION_ERROR');
    });
  });

  describe('field suggestions', () => {
    it('suggests field names to admins only', async () => {
      const typo = '{ me { usernme } }';
      const forAdmin = await gql('admin', typo);
      expect(forAdmin.errors?.[0]?.message).toMatch(/Did you mean "username"\?/);
      for (const who of ['cityadmin', 'operator', 'owner']) {
        const answer = await gql(who, typo);
        expect(answer.errors?.[0]?.message, who).toMatch(/Cannot query field "usernme" on type "SessionUser"/);
        expect(answer.errors?.map((e) => e.message).join(' '), who).not.toMatch(/Did you mean/);
      }
      // Enum values and arguments are hinted the same way.
      const enumTypo = `mutation { sendOrderMessage(threadId: "${threadId}", text: "Hi", directon: TO_USR) { id } }`;
      expect((await gql('admin', enumTypo)).errors?.map((e) => e.message).join(' ')).toMatch(/Did you mean/);
      const forOperator = (await gql('operator', enumTypo)).errors?.map((e) => e.message) ?? [];
      expect(forOperator.join(' ')).toMatch(/Unknown argument "directon"/);
      expect(forOperator.join(' ')).not.toMatch(/Did you mean/);
    });
  });
});
