import type { Identifier } from 'react-admin';
import { SelectInput, useGetList } from 'react-admin';
import { useCityName, type NamedCity } from '../cities/useCityName';

/**
 * The city of a bot, from the cities that have no bot yet (and, when editing, the bot's own):
 * a city never gets a second bot, so the others are not offered.
 */
export const BotCityInput = ({ botId }: { botId?: Identifier }) => {
  const { data, isPending } = useGetList<NamedCity & { id: number }>('citiesForBots', {
    filter: botId === undefined ? {} : { botId },
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
  const cityName = useCityName();
  const empty = !isPending && (data?.length ?? 0) === 0;
  return (
    <SelectInput
      source="cityId"
      choices={data ?? []}
      optionText={(city: NamedCity) => cityName(city)}
      isPending={isPending}
      helperText={empty ? 'resources.bots.noFreeCity' : undefined}
      fullWidth
    />
  );
};
