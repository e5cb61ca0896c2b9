import { useRecordContext, useTranslate } from 'react-admin';
import type { Ad } from '../../domain';
import { AdForm } from './AdForm';
import { RecordEdit } from '../common/RecordScreens';

const AdTitle = () => {
  const translate = useTranslate();
  const record = useRecordContext<Ad>();
  return <>{translate('resources.ads.editTitle', { id: record?.id ?? '' })}</>;
};

/** /ads/{id}: the ad, as far as its status lets it change. */
export const AdEdit = () => (
  <RecordEdit resource="ads" mutationMode="pessimistic" redirect="list" title={<AdTitle />}>
    <AdForm />
  </RecordEdit>
);
