/** The header every server response carries with the running version. */
export const VERSION_HEADER = 'X-App-Version';

/**
 * True when the server announces a version other than the one this build was made from.
 * An absent header says nothing (a proxy error page, say) and never triggers the notice.
 */
export const isNewVersion = (buildVersion: string, announced: string | null | undefined): boolean => {
  if (!announced) return false;
  return announced.trim() !== buildVersion.trim();
};
