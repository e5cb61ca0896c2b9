import { LiveIndicator } from './LiveIndicator';
import { NewOrderSound } from './NewOrderSound';

/** The app bar's live indicator and new-order sound switch. */
export const LiveControls = () => (
  <>
    <LiveIndicator />
    <NewOrderSound />
  </>
);
