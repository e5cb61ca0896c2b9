/** The demo content: places, kitchens and menus, in English, Russian and Spanish. */

export interface DemoCity {
  name: string;
  nameRu: string;
  chatname: string;
  currency: string;
  locales: string;
  /** Typical prices are multiplied by this to look right in the city's currency. */
  priceScale: number;
  timeShift: number;
  districts: readonly (readonly [string, string])[];
  /** Street names used for restaurant and customer addresses. */
  streets: readonly string[];
  /** Config keys deliberately left out, so the settings check has something to report. */
  missingConfig: readonly string[];
  active: boolean;
  /** The customers' languages, by weight. */
  languages: readonly (readonly [string, number])[];
}

export const DEMO_CITIES: readonly DemoCity[] = [
  {
    name: 'London',
    nameRu: 'Лондон',
    chatname: 'london_food',
    currency: 'GBP',
    locales: 'en,ru',
    priceScale: 1,
    timeShift: 0,
    districts: [
      ['Camden', 'Камден'],
      ['Shoreditch', 'Шордич'],
      ['Soho', 'Сохо'],
      ['Greenwich', 'Гринвич'],
      ['Brixton', 'Брикстон'],
    ],
    streets: ['Camden High St', 'Brick Ln', 'Old Compton St', 'Greenwich Church St', 'Electric Ave', 'Kingsland Rd'],
    missingConfig: [],
    active: true,
    languages: [
      ['en', 8],
      ['ru', 2],
      ['es', 1],
    ],
  },
  {
    name: 'Saint Petersburg',
    nameRu: 'Санкт-Петербург',
    chatname: 'spb_eda',
    currency: 'RUB',
    locales: 'ru,en',
    priceScale: 90,
    timeShift: 3,
    districts: [
      ['Central', 'Центральный'],
      ['Petrogradsky', 'Петроградский'],
      ['Vasileostrovsky', 'Василеостровский'],
      ['Moskovsky', 'Московский'],
    ],
    streets: ['Nevsky pr.', 'Bolshoy pr. P.S.', 'Sredny pr. V.O.', 'Moskovsky pr.', 'Liteyny pr.', 'Sadovaya ul.'],
    missingConfig: [],
    active: true,
    languages: [
      ['ru', 8],
      ['en', 2],
    ],
  },
  {
    name: 'Valencia',
    nameRu: 'Валенсия',
    chatname: 'valencia_comida',
    currency: 'EUR',
    locales: 'es,en',
    priceScale: 1.15,
    timeShift: 1,
    districts: [
      ['Ciutat Vella', 'Старый город'],
      ['Russafa', 'Руссафа'],
      ['El Cabanyal', 'Эль-Кабаньяль'],
    ],
    streets: ['Carrer de Cuba', 'Carrer de Sueca', 'Carrer de la Reina', 'Plaça del Mercat', 'Carrer de Dénia'],
    missingConfig: ['providerToken', 'reviewChannelId', 'adChatId', 'mixPanelToken'],
    active: false,
    languages: [
      ['es', 7],
      ['en', 3],
      ['ru', 1],
    ],
  },
];

/** [name, name_ru] */
export const DEMO_CUISINES: readonly (readonly [string, string])[] = [
  ['Pizza', 'Пицца'],
  ['Sushi', 'Суши'],
  ['Burgers', 'Бургеры'],
  ['Georgian', 'Грузинская'],
  ['Vegan', 'Веганская'],
  ['Spanish', 'Испанская'],
  ['Russian', 'Русская'],
  ['Indian', 'Индийская'],
];

export const DEMO_TAGS: readonly (readonly [string, string])[] = [
  ['Spicy', 'Острое'],
  ['Vegetarian', 'Вегетарианское'],
  ['New', 'Новинка'],
  ['Hit', 'Хит'],
  ['Gluten free', 'Без глютена'],
];

/** Canned replies of the order chats: [title, text, text_ru, text_es]. */
export const DEMO_CANNED_REPLIES: readonly (readonly [string, string, string, string])[] = [
  [
    'Order received',
    'Hello {customer}! Your order {order} from {restaurant} is received: {total}.',
    'Здравствуйте, {customer}! Ваш заказ {order} из {restaurant} принят: {total}.',
    '¡Hola, {customer}! Su pedido {order} de {restaurant} está recibido: {total}.',
  ],
  ['Status update', 'Order {order}: {status}.', 'Заказ {order}: {status}.', 'Pedido {order}: {status}.'],
  [
    'Running late',
    'Sorry, order {order} is running late. Expected time: {eta}.',
    'Извините, заказ {order} задерживается. Ожидаемое время: {eta}.',
    'Lo sentimos, el pedido {order} se retrasa. Hora prevista: {eta}.',
  ],
];

/** [name, name_ru, description, description_ru, price in GBP, stock or null, tag names] */
export type DemoDish = readonly [string, string, string, string, number, number | null, readonly string[]];

export interface DemoKitchen {
  cuisines: readonly string[];
  description: string;
  descriptionRu: string;
  /** [category, category_ru, dishes] */
  categories: readonly (readonly [string, string, readonly DemoDish[]])[];
}

export const DEMO_KITCHENS: Record<string, DemoKitchen> = {
  pizza: {
    cuisines: ['Pizza'],
    description: 'Wood-fired Neapolitan pizza, fresh dough every morning.',
    descriptionRu: 'Неаполитанская пицца из дровяной печи, тесто каждое утро.',
    categories: [
      [
        'Pizza',
        'Пицца',
        [
          ['Margherita', 'Маргарита', 'Tomato, mozzarella, basil', 'Томаты, моцарелла, базилик', 9.5, null, ['Vegetarian', 'Hit']],
          ['Diavola', 'Дьявола', 'Spicy salami, chilli oil', 'Острая салями, масло чили', 11.5, null, ['Spicy']],
          [
            'Quattro formaggi',
            'Четыре сыра',
            'Mozzarella, gorgonzola, parmesan, fontina',
            'Моцарелла, горгонзола, пармезан, фонтина',
            12,
            null,
            ['Vegetarian'],
          ],
          [
            'Truffle & mushroom',
            'Трюфель и грибы',
            'Seasonal mushrooms, truffle cream',
            'Сезонные грибы, трюфельный крем',
            14.5,
            12,
            ['New'],
          ],
        ],
      ],
      [
        'Starters',
        'Закуски',
        [
          ['Garlic bread', 'Чесночный хлеб', 'With herb butter', 'С травяным маслом', 4.5, null, ['Vegetarian']],
          ['Burrata', 'Буррата', 'With cherry tomatoes', 'С томатами черри', 8, 8, []],
        ],
      ],
      [
        'Drinks',
        'Напитки',
        [
          ['Lemonade', 'Лимонад', 'Homemade, 0.4 l', 'Домашний, 0,4 л', 3.5, null, []],
          ['Sparkling water', 'Газированная вода', '0.5 l', '0,5 л', 2, null, []],
        ],
      ],
    ],
  },
  sushi: {
    cuisines: ['Sushi'],
    description: 'Rolls, nigiri and poke bowls made to order.',
    descriptionRu: 'Роллы, нигири и поке, готовим под заказ.',
    categories: [
      [
        'Rolls',
        'Роллы',
        [
          ['Philadelphia roll', 'Филадельфия', 'Salmon, cream cheese, cucumber', 'Лосось, сливочный сыр, огурец', 10.5, null, ['Hit']],
          ['California roll', 'Калифорния', 'Crab, avocado, tobiko', 'Краб, авокадо, тобико', 9, null, []],
          ['Spicy tuna roll', 'Острый ролл с тунцом', 'Tuna, spicy mayo', 'Тунец, острый майонез', 10, 15, ['Spicy']],
          ['Avocado maki', 'Маки с авокадо', 'Six pieces', 'Шесть штук', 5.5, null, ['Vegetarian', 'Gluten free']],
        ],
      ],
      [
        'Poke',
        'Поке',
        [
          ['Salmon poke', 'Поке с лососем', 'Rice, salmon, edamame, mango', 'Рис, лосось, эдамаме, манго', 12.5, null, ['New']],
          ['Tofu poke', 'Поке с тофу', 'Rice, tofu, seaweed', 'Рис, тофу, водоросли', 10.5, null, ['Vegetarian']],
        ],
      ],
      [
        'Soups',
        'Супы',
        [
          ['Miso soup', 'Мисо-суп', 'Tofu, wakame', 'Тофу, вакаме', 4, null, ['Vegetarian']],
          ['Tom yum', 'Том ям', 'Prawns, coconut milk', 'Креветки, кокосовое молоко', 8.5, null, ['Spicy']],
        ],
      ],
    ],
  },
  burgers: {
    cuisines: ['Burgers'],
    description: 'Smashed patties, brioche buns and hand-cut fries.',
    descriptionRu: 'Смэш-котлеты, бриошь и картофель фри ручной нарезки.',
    categories: [
      [
        'Burgers',
        'Бургеры',
        [
          ['Classic cheeseburger', 'Классический чизбургер', 'Beef, cheddar, pickles', 'Говядина, чеддер, огурцы', 9, null, ['Hit']],
          ['Double smash', 'Двойной смэш', 'Two patties, special sauce', 'Две котлеты, фирменный соус', 12, null, []],
          ['Jalapeño burger', 'Бургер с халапеньо', 'Beef, jalapeños, pepper jack', 'Говядина, халапеньо, сыр', 11, null, ['Spicy']],
          ['Beyond burger', 'Бургер Beyond', 'Plant-based patty', 'Растительная котлета', 11.5, 10, ['Vegetarian', 'New']],
        ],
      ],
      [
        'Sides',
        'Гарниры',
        [
          ['Fries', 'Картофель фри', 'Sea salt', 'С морской солью', 3.5, null, ['Vegetarian', 'Gluten free']],
          ['Onion rings', 'Луковые кольца', 'With smoky dip', 'С копчёным соусом', 4, null, ['Vegetarian']],
        ],
      ],
      [
        'Shakes',
        'Коктейли',
        [
          ['Vanilla shake', 'Ванильный коктейль', '0.4 l', '0,4 л', 5, null, []],
          ['Salted caramel shake', 'Солёная карамель', '0.4 l', '0,4 л', 5.5, null, ['New']],
        ],
      ],
    ],
  },
  georgian: {
    cuisines: ['Georgian'],
    description: 'Khachapuri, khinkali and grilled meats from Tbilisi recipes.',
    descriptionRu: 'Хачапури, хинкали и мясо на углях по тбилисским рецептам.',
    categories: [
      [
        'Khachapuri',
        'Хачапури',
        [
          [
            'Adjarian khachapuri',
            'Хачапури по-аджарски',
            'Cheese boat with egg',
            'Лодочка с сыром и яйцом',
            11,
            null,
            ['Hit', 'Vegetarian'],
          ],
          ['Imeretian khachapuri', 'Хачапури по-имеретински', 'Round, with suluguni', 'Круглое, с сулугуни', 10, null, ['Vegetarian']],
        ],
      ],
      [
        'Khinkali',
        'Хинкали',
        [
          ['Beef khinkali (5)', 'Хинкали с говядиной (5)', 'Juicy dumplings', 'Сочные хинкали', 8.5, null, []],
          ['Mushroom khinkali (5)', 'Хинкали с грибами (5)', 'With herbs', 'С зеленью', 8, 20, ['Vegetarian']],
        ],
      ],
      [
        'Grill',
        'Мангал',
        [
          ['Pork mtsvadi', 'Мцвади из свинины', 'With tkemali', 'С ткемали', 14, null, []],
          ['Chicken shkmeruli', 'Шкмерули', 'Chicken in garlic cream', 'Курица в чесночном соусе', 13.5, null, ['Spicy']],
        ],
      ],
    ],
  },
  vegan: {
    cuisines: ['Vegan'],
    description: 'Plant-based bowls, wraps and desserts.',
    descriptionRu: 'Растительные боулы, роллы и десерты.',
    categories: [
      [
        'Bowls',
        'Боулы',
        [
          ['Buddha bowl', 'Будда-боул', 'Quinoa, hummus, roasted veg', 'Киноа, хумус, запечённые овощи', 9.5, null, ['Gluten free', 'Hit']],
          ['Falafel bowl', 'Боул с фалафелем', 'Falafel, tabbouleh, tahini', 'Фалафель, табуле, тахини', 9, null, []],
        ],
      ],
      [
        'Wraps',
        'Роллы',
        [
          ['Spicy bean wrap', 'Ролл с фасолью', 'Black beans, salsa', 'Чёрная фасоль, сальса', 7.5, null, ['Spicy']],
          ['Tofu wrap', 'Ролл с тофу', 'Smoked tofu, greens', 'Копчёный тофу, зелень', 7.5, null, ['New']],
        ],
      ],
      [
        'Desserts',
        'Десерты',
        [
          ['Raw cheesecake', 'Сыроедческий чизкейк', 'Cashew, berries', 'Кешью, ягоды', 5.5, 6, ['Gluten free']],
          ['Banana bread', 'Банановый хлеб', 'Slice', 'Кусочек', 3.5, null, []],
        ],
      ],
    ],
  },
  spanish: {
    cuisines: ['Spanish'],
    description: 'Paella valenciana y tapas del mercado.',
    descriptionRu: 'Валенсийская паэлья и тапас с рынка.',
    categories: [
      [
        'Paella',
        'Паэлья',
        [
          [
            'Paella valenciana',
            'Паэлья по-валенсийски',
            'Chicken, rabbit, green beans',
            'Курица, кролик, стручковая фасоль',
            15,
            10,
            ['Hit'],
          ],
          ['Seafood paella', 'Паэлья с морепродуктами', 'Prawns, mussels, squid', 'Креветки, мидии, кальмар', 17, 10, []],
          ['Arroz negro', 'Чёрный рис', 'Squid ink rice, aioli', 'Рис с чернилами каракатицы, айоли', 16, null, ['New']],
        ],
      ],
      [
        'Tapas',
        'Тапас',
        [
          [
            'Patatas bravas',
            'Патат бравас',
            'Spicy tomato sauce, aioli',
            'Острый томатный соус, айоли',
            5.5,
            null,
            ['Spicy', 'Vegetarian'],
          ],
          ['Croquetas de jamón', 'Крокеты с хамоном', 'Six pieces', 'Шесть штук', 7, null, []],
          [
            'Pan con tomate',
            'Хлеб с томатом',
            'Toasted bread, tomato, olive oil',
            'Хлеб, томат, оливковое масло',
            3.5,
            null,
            ['Vegetarian'],
          ],
        ],
      ],
      ['Drinks', 'Напитки', [['Horchata', 'Орчата', 'Tiger nut drink, 0.3 l', 'Напиток из чуфы, 0,3 л', 3, null, ['Gluten free']]]],
    ],
  },
  russian: {
    cuisines: ['Russian'],
    description: 'Pelmeni, blini and soups like at grandma’s.',
    descriptionRu: 'Пельмени, блины и супы как у бабушки.',
    categories: [
      [
        'Soups',
        'Супы',
        [
          ['Borscht', 'Борщ', 'With sour cream', 'Со сметаной', 6, null, ['Hit']],
          ['Solyanka', 'Солянка', 'Meat, pickles, olives', 'Мясная, с оливками', 7, null, []],
        ],
      ],
      [
        'Dumplings',
        'Пельмени и вареники',
        [
          ['Siberian pelmeni', 'Пельмени сибирские', 'Beef and pork', 'Говядина и свинина', 8, null, ['Hit']],
          ['Potato vareniki', 'Вареники с картошкой', 'With fried onion', 'С жареным луком', 7, null, ['Vegetarian']],
        ],
      ],
      [
        'Blini',
        'Блины',
        [
          ['Blini with caviar', 'Блины с икрой', 'Red caviar, sour cream', 'Красная икра, сметана', 12, 8, ['New']],
          ['Blini with cottage cheese', 'Блины с творогом', 'Sweet, with raisins', 'Сладкие, с изюмом', 5.5, null, ['Vegetarian']],
        ],
      ],
    ],
  },
  indian: {
    cuisines: ['Indian', 'Vegan'],
    description: 'Curries from the tandoor and the pot, mild to fiery.',
    descriptionRu: 'Карри из тандыра и казана, от мягких до огненных.',
    categories: [
      [
        'Curries',
        'Карри',
        [
          ['Chicken tikka masala', 'Тикка масала с курицей', 'Creamy tomato sauce', 'Сливочно-томатный соус', 11.5, null, ['Hit']],
          ['Lamb vindaloo', 'Виндалу из баранины', 'Very hot', 'Очень острое', 13, null, ['Spicy']],
          ['Chana masala', 'Чана масала', 'Chickpeas, spices', 'Нут, специи', 9, null, ['Vegetarian', 'Gluten free']],
        ],
      ],
      [
        'Breads',
        'Хлеб',
        [
          ['Garlic naan', 'Наан с чесноком', 'From the tandoor', 'Из тандыра', 3, null, ['Vegetarian']],
          ['Paratha', 'Паратха', 'Flaky flatbread', 'Слоёная лепёшка', 3, null, []],
        ],
      ],
      [
        'Rice',
        'Рис',
        [
          ['Pilau rice', 'Рис пилау', 'Saffron', 'С шафраном', 3.5, null, ['Gluten free']],
          ['Lamb biryani', 'Бирьяни с бараниной', 'Slow-cooked', 'Томлёный', 14, 12, ['New']],
        ],
      ],
    ],
  },
};

/** [name, name_ru, kitchen] per city, in city order. */
export const DEMO_RESTAURANTS: readonly (readonly (readonly [string, string, keyof typeof DEMO_KITCHENS])[])[] = [
  [
    ['Napoli Corner', 'Неаполь на углу', 'pizza'],
    ['Sakura Rolls', 'Сакура Роллс', 'sushi'],
    ['Brick Lane Burgers', 'Бургеры Брик-Лейн', 'burgers'],
    ['Curry House', 'Карри Хаус', 'indian'],
    ['Green Leaf', 'Зелёный лист', 'vegan'],
  ],
  [
    ['Khachapuri & Wine', 'Хачапури и вино', 'georgian'],
    ['Pelmennaya No. 1', 'Пельменная № 1', 'russian'],
    ['Nevsky Pizza', 'Невская пицца', 'pizza'],
    ['Tokyo Bay', 'Токийский залив', 'sushi'],
  ],
  [
    ['La Paella de Russafa', 'Паэлья Руссафы', 'spanish'],
    ['Burger del Mercat', 'Бургер с рынка', 'burgers'],
    ['Verde Vivo', 'Верде Виво', 'vegan'],
  ],
];

export const FIRST_NAMES: Record<string, readonly string[]> = {
  en: ['Oliver', 'Amelia', 'Harry', 'Isla', 'Jack', 'Ava', 'George', 'Mia', 'Noah', 'Emily', 'Leo', 'Grace', 'Arthur', 'Lily'],
  ru: ['Алексей', 'Мария', 'Дмитрий', 'Анна', 'Иван', 'Екатерина', 'Сергей', 'Ольга', 'Никита', 'Татьяна', 'Павел', 'Наталья'],
  es: ['Javier', 'Lucía', 'Pablo', 'Carmen', 'Álvaro', 'Marta', 'Sergio', 'Laura', 'Diego', 'Elena', 'Hugo', 'Paula'],
};

export const LAST_NAMES: Record<string, readonly string[]> = {
  en: ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Evans', 'Thomas', 'Walker', 'Wright'],
  ru: ['Иванов', 'Смирнова', 'Кузнецов', 'Попова', 'Соколов', 'Лебедева', 'Козлов', 'Новикова', 'Морозов', 'Волкова'],
  es: ['García', 'Martínez', 'López', 'Sánchez', 'Pérez', 'Gómez', 'Fernández', 'Ruiz', 'Díaz', 'Moreno'],
};

/** What restaurants, couriers and customers say in order chats, by language. */
export const CHAT_LINES: Record<string, { restaurant: readonly string[]; customer: readonly string[] }> = {
  en: {
    restaurant: [
      'Thank you for your order! It will be ready in about 30 minutes.',
      'Your order is being prepared.',
      'The courier has picked up your order.',
      'Sorry, we are a little busy, 10 more minutes please.',
      'We have run out of lemonade, can we replace it with sparkling water?',
    ],
    customer: [
      'Please ring the bell twice.',
      'Can you make it without onions?',
      'How long will it take?',
      'Thanks, it was delicious!',
      'Yes, sparkling water is fine.',
    ],
  },
  ru: {
    restaurant: [
      'Спасибо за заказ! Он будет готов примерно через 30 минут.',
      'Ваш заказ готовится.',
      'Курьер забрал ваш заказ.',
      'Извините, у нас много заказов, нужно ещё 10 минут.',
      'Лимонад закончился, можно заменить на газированную воду?',
    ],
    customer: [
      'Позвоните, пожалуйста, два раза.',
      'Можно без лука?',
      'Сколько ждать?',
      'Спасибо, было очень вкусно!',
      'Да, вода подойдёт.',
    ],
  },
  es: {
    restaurant: [
      '¡Gracias por tu pedido! Estará listo en unos 30 minutos.',
      'Estamos preparando tu pedido.',
      'El repartidor ya ha recogido tu pedido.',
      'Perdona, vamos con un poco de retraso: 10 minutos más.',
      'Se nos ha acabado la limonada, ¿te la cambiamos por agua con gas?',
    ],
    customer: [
      'Por favor, llamad dos veces al timbre.',
      '¿Podéis hacerlo sin cebolla?',
      '¿Cuánto tardará?',
      '¡Gracias, estaba buenísimo!',
      'Sí, el agua con gas está bien.',
    ],
  },
};

export const REVIEW_TEXTS: Record<string, readonly string[]> = {
  en: [
    'Great food, arrived hot.',
    'A bit late but tasty.',
    'Portion was smaller than expected.',
    'Best pizza in town!',
    'The courier was very polite.',
  ],
  ru: [
    'Очень вкусно, привезли горячим.',
    'Немного опоздали, но вкусно.',
    'Порция меньше, чем ожидал.',
    'Лучшие пельмени в городе!',
    'Курьер был очень вежлив.',
  ],
  es: [
    'Comida buenísima, llegó caliente.',
    'Un poco tarde pero rico.',
    'La ración era pequeña.',
    '¡La mejor paella de Valencia!',
    'El repartidor fue muy amable.',
  ],
};

export const REVIEW_ANSWERS: Record<string, string> = {
  en: 'Thank you for your feedback, we hope to see you again!',
  ru: 'Спасибо за отзыв, ждём вас снова!',
  es: '¡Gracias por tu opinión, esperamos verte pronto!',
};

export const AD_TEXTS: readonly string[] = [
  '🍕 Two pizzas for the price of one every Tuesday!',
  '🔥 New spicy menu — try it this week with 15% off.',
  '🚚 Free delivery on orders over 25 until Sunday.',
  '🎉 Happy hour: desserts half price from 15:00 to 17:00.',
  '🥗 Lunch set: bowl and drink at a special price.',
  '⭐ Rated the best in the city — thank you for your orders!',
];

export const MAILING_TEXTS: Record<string, readonly string[]> = {
  en: ['Weekend special: free dessert with every order over 20!', 'New restaurants have joined — take a look at the menu.'],
  ru: ['Выходные: бесплатный десерт к каждому заказу от 1800 ₽!', 'У нас новые рестораны — загляните в меню.'],
  es: ['Fin de semana: ¡postre gratis en pedidos de más de 20 €!', 'Nuevos restaurantes en la app: ¡echa un vistazo!'],
};
