import { useEffect, useMemo } from 'react';
import { SimpleForm, useBlocker, useCanBlock, useRecordContext, useTranslate, type SimpleFormProps, type ValidateForm } from 'react-admin';
import { useFormContext, useFormState } from 'react-hook-form';
import { toFormErrors } from '../../domain/validationMessages';
import { reportUnsaved, UNSAVED_CHANGES_MESSAGE } from './unsavedChanges';

/**
 * Asks before leaving a form with unsaved changes: for any other screen (a menu entry, a link,
 * the browser's back button), and for a page reload or close. Unlike react-admin's own check,
 * which lets through every path that starts with the form's (so `/restaurant` → `/restaurants`),
 * only the form's own path is inside it. While dirty the form is reported for the language switch.
 */
const UnsavedChangesGuard = () => {
  const translate = useTranslate();
  const { isSubmitSuccessful, isSubmitting, dirtyFields } = useFormState();
  // While a save runs its own redirect (to the list, to the new record) is no leaving.
  const dirty = Object.keys(dirtyFields).length > 0 && !isSubmitSuccessful && !isSubmitting;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && nextLocation.pathname !== currentLocation.pathname);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    // A navigation asked for as the form became clean (its save succeeded meanwhile) goes on.
    if (!dirty || window.confirm(translate(UNSAVED_CHANGES_MESSAGE))) blocker.proceed?.();
    else blocker.reset?.();
  }, [blocker, dirty, translate]);

  useEffect(() => {
    const form = Symbol('form');
    reportUnsaved(form, dirty);
    if (!dirty) return undefined;
    const beforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      reportUnsaved(form, false);
      window.removeEventListener('beforeunload', beforeUnload);
    };
  }, [dirty]);
  return null;
};

/**
 * A record that breaks a rule as it was stored (a price with cents where the update takes whole
 * numbers) keeps Save disabled: its fields say why as soon as it is shown, not only after the
 * user happens to touch the one at fault. New records are not checked before anything is typed.
 */
const ExplainStoredProblems = () => {
  const id = useRecordContext()?.id;
  const { trigger } = useFormContext();
  const { isValid, isValidating, errors, defaultValues } = useFormState();
  // Invalid with nothing said: the stored values break a rule no field has told yet. Asked again
  // when the record's values are put in the form (which clears what an earlier check said).
  const unexplained = id !== undefined && !isValid && !isValidating && Object.keys(errors).length === 0;
  useEffect(() => {
    if (unexplained) void trigger();
  }, [unexplained, trigger, defaultValues]);
  return null;
};

/** A form-level validator whose every answer the translator takes (see toFormErrors). */
const safely =
  (validate: ValidateForm): ValidateForm =>
  async (values) =>
    toFormErrors(await validate(values));

/**
 * The form of every create and edit screen: react-admin's SimpleForm that warns before its
 * unsaved changes are lost (leaving the screen, reloading, switching the language), and whose
 * form-level rules always show as a message next to their field.
 */
export const RecordForm = ({ validate, children, ...props }: SimpleFormProps) => {
  const checked = useMemo(() => (validate ? safely(validate) : undefined), [validate]);
  // Blocking a navigation needs the app's data router (a screen rendered alone has none).
  const canBlock = useCanBlock();
  return (
    <SimpleForm validate={checked} {...props}>
      {canBlock ? <UnsavedChangesGuard /> : null}
      <ExplainStoredProblems />
      {children}
    </SimpleForm>
  );
};
