import { useState } from 'react';
import { HttpError, Loading, Title } from 'react-admin';
import { AdForm } from './AdForm';
import { AdRefusedDialog } from './AdRefusedDialog';
import { AdTimeoutNotice } from './AdTimeoutNotice';
import { useAdRole } from './useAdRole';
import { useAdTimeout } from './useAdTimeout';
import { RecordCreate } from '../common/RecordScreens';

const TOO_SOON = 429;

/**
 * /ads/add: the new-ad form, or for an owner whose restaurant posted too recently the time
 * left instead (GET /advertisements/timeout). A refusal opens the 'Cannot publish ads:' dialog.
 */
export const AdCreate = () => {
  const { isPending, ownRestaurant } = useAdRole();
  const timeout = useAdTimeout(ownRestaurant);
  const [refusal, setRefusal] = useState<string | null>(null);
  const onError = (error: unknown) => {
    setRefusal(error instanceof Error && error.message ? error.message : String(error));
    // Posted meanwhile (another tab, another owner of the restaurant): the wait shows after the dialog.
    if (error instanceof HttpError && error.status === TOO_SOON) void timeout.refetch();
  };
  if (isPending || timeout.pending) return <Loading />;
  return (
    <>
      {timeout.seconds > 0 ? (
        <>
          <Title title="resources.ads.newTitle" />
          <AdTimeoutNotice seconds={timeout.seconds} />
        </>
      ) : (
        <RecordCreate resource="ads" redirect="list" title="resources.ads.newTitle" mutationOptions={{ onError }}>
          <AdForm create />
        </RecordCreate>
      )}
      <AdRefusedDialog message={refusal} onClose={() => setRefusal(null)} />
    </>
  );
};
