/**
 * Which forms on screen hold changes not saved yet. A form reports itself here, so that what
 * lies outside it (the language switch in the app bar, which redraws every screen) can ask
 * before throwing the changes away.
 */
const unsaved = new Set<symbol>();

export function reportUnsaved(form: symbol, dirty: boolean): void {
  if (dirty) unsaved.add(form);
  else unsaved.delete(form);
}

export const hasUnsavedChanges = (): boolean => unsaved.size > 0;

/** The question react-admin asks before leaving a form with unsaved changes. */
export const UNSAVED_CHANGES_MESSAGE = 'ra.message.unsaved_changes';
