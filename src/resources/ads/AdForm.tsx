import { Alert, Box } from '@mui/material';
import { useState } from 'react';
import { Loading, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { adContentEditable, adCreateSchema, AdStatus, adUnpublishEditable, formValidator, type Ad } from '../../domain';
import { DateTimeInput } from '../common/DateInput';
import { AdChat } from './AdChat';
import { AdMedia } from './AdMedia';
import { AdRestaurantInput } from './AdRestaurantInput';
import { AdToolbar } from './AdToolbar';
import { useAdCity } from './useAdCity';
import { useAdRole } from './useAdRole';
import { RecordForm } from '../common/RecordForm';

const validate = formValidator(adCreateSchema);

/** What follows the ad's city: the chat it goes to and its images or video. */
const CityBound = ({ create, readOnly, onUploading }: { create: boolean; readOnly: boolean; onUploading: (on: boolean) => void }) => {
  const { cityId, known } = useAdCity();
  return (
    <>
      <AdChat cityId={cityId} known={known} fill={create} />
      <AdMedia cityId={cityId} readOnly={readOnly} onUploading={onUploading} />
    </>
  );
};

/** The times are typed and shown in the user's language and a 24-hour clock; the form holds them with the user's offset. */
const Times = ({ publishReadOnly, unpublishReadOnly }: { publishReadOnly: boolean; unpublishReadOnly: boolean }) => (
  <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, width: '100%' }}>
    <DateTimeInput source="publishTimestamp" readOnly={publishReadOnly} isRequired sx={{ minWidth: 240 }} />
    <DateTimeInput source="unpublishTimestamp" readOnly={unpublishReadOnly} isRequired sx={{ minWidth: 240 }} />
  </Box>
);

/**
 * The ad form (spec sections 3, 5 and 6): text, publish and unpublish times, restaurant, the
 * chat, images or a video. Before publication all of it may change; once published only the
 * unpublish time; once finished nothing.
 */
export const AdForm = ({ create = false }: { create?: boolean }) => {
  const translate = useTranslate();
  const record = useRecordContext<Ad>();
  const { isPending, allCities } = useAdRole();
  const [uploading, setUploading] = useState(false);
  if (isPending) return <Loading />;
  const status = create ? AdStatus.CREATED : (record?.status ?? AdStatus.CREATED);
  const contentEditable = adContentEditable(status);
  const unpublishEditable = adUnpublishEditable(status);
  const defaults = create
    ? { telegramFileIds: [], videoFileId: null }
    : allCities && record?.restaurant
      ? { cityId: record.restaurant.cityId }
      : undefined;
  return (
    <RecordForm
      validate={validate}
      mode="onChange"
      defaultValues={defaults}
      toolbar={<AdToolbar canSave={unpublishEditable} uploading={uploading} />}
      sx={{ maxWidth: 900 }}
    >
      {!unpublishEditable ? (
        <Alert severity="info" sx={{ mb: 2, width: '100%' }} data-testid="ad-locked">
          {translate('resources.ads.finished')}
        </Alert>
      ) : !contentEditable ? (
        <Alert severity="info" sx={{ mb: 2, width: '100%' }} data-testid="ad-locked">
          {translate('resources.ads.locked')}
        </Alert>
      ) : null}
      <AdRestaurantInput readOnly={!contentEditable} />
      <TextInput source="text" multiline minRows={4} fullWidth readOnly={!contentEditable} isRequired />
      <Times publishReadOnly={!contentEditable} unpublishReadOnly={!unpublishEditable} />
      <CityBound create={create} readOnly={!contentEditable} onUploading={setUploading} />
    </RecordForm>
  );
};
