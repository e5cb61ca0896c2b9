import SettingsIcon from '@mui/icons-material/Settings';
import type { MouseEvent } from 'react';
import { Datagrid, EditButton, FunctionField, Link, List, TextField } from 'react-admin';
import { cityEditPath } from '../cities/paths';
import { useCityName } from '../cities/useCityName';
import { CreateAction } from '../common/CreateAction';
import { ResponsiveList } from '../common/ResponsiveList';
import type { Bot } from '../../domain';
import { BOT_CREATE_PATH } from './paths';

/** /bots: each bot's number, a link to its city and a link to its settings. */
export const BotList = () => {
  const cityName = useCityName();
  return (
    <List actions={<CreateAction to={BOT_CREATE_PATH} />} sort={{ field: 'id', order: 'ASC' }} empty={false} perPage={50}>
      <ResponsiveList<Bot>
        primary={(bot) => `#${bot.id}`}
        secondary={(bot) => cityName(bot.city)}
        linkTo={(bot) => `/bots/${bot.id}`}
        table={
          <Datagrid rowClick="edit" bulkActionButtons={false}>
            <TextField source="id" />
            <FunctionField<Bot>
              source="city"
              sortable={false}
              render={(bot) => (
                <Link to={cityEditPath(bot.cityId)} onClick={(event: MouseEvent) => event.stopPropagation()}>
                  {cityName(bot.city)}
                </Link>
              )}
            />
            <EditButton label="resources.bots.settings" icon={<SettingsIcon />} />
          </Datagrid>
        }
      />
    </List>
  );
};
