import TextField from '@mui/material/TextField';
import { lazy, Suspense } from 'react';
import { FieldTitle, useInput, useTranslate, ValidationError, type InputProps } from 'react-admin';
import type { PickerFieldProps, PickerKind } from './dates/PickerField';

/** The pickers are large: they load with the first screen that has a date, never with the login page. */
const PickerField = lazy(() => import('./dates/PickerField'));

/** While the pickers load: an empty field with the same label and size, so the filter bar does not jump. */
const Waiting = ({ props }: { props: PickerFieldProps }) => (
  <TextField
    label={props.label}
    disabled
    size={props.size}
    variant={props.variant}
    margin={props.margin}
    fullWidth={props.fullWidth}
    className={props.className}
    sx={props.sx}
    slotProps={{ inputLabel: { shrink: true } }}
  />
);

/** A date or date-time field in the interface language, the pickers loaded on first use. */
export const DateField = (props: PickerFieldProps) => (
  <Suspense fallback={<Waiting props={props} />}>
    <PickerField {...props} />
  </Suspense>
);

/** The picker's own look and range, as the field takes them. */
type PickerLook = Pick<PickerFieldProps, 'helperText' | 'min' | 'max' | 'size' | 'variant' | 'margin' | 'fullWidth' | 'className' | 'sx'>;

export interface DateInputProps extends Omit<InputProps, 'label' | 'helperText'>, PickerLook {
  label?: string | false;
}

/**
 * The react-admin input behind DateInput and DateTimeInput: the form's value is the ISO text
 * ('YYYY-MM-DD' or an instant), emptied (so a filter goes away) when the field is cleared or
 * not a full date.
 */
const PickerInput = ({ kind, props }: { kind: PickerKind; props: DateInputProps }) => {
  const translate = useTranslate();
  const { label, helperText, min, max, size, variant, margin, fullWidth, sx, className, readOnly, disabled, ...rest } = props;
  const { field, fieldState, id, isRequired } = useInput({ ...rest, readOnly, disabled });
  const message = fieldState.error?.message;
  const value: unknown = field.value;
  return (
    <DateField
      kind={kind}
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={typeof value === 'string' ? value : null}
      onChange={field.onChange}
      onBlur={field.onBlur}
      label={
        label === false ? undefined : <FieldTitle label={label} source={props.source} resource={props.resource} isRequired={isRequired} />
      }
      error={fieldState.invalid && message ? <ValidationError error={message} /> : undefined}
      helperText={typeof helperText === 'string' ? translate(helperText, { _: helperText }) : helperText}
      disabled={disabled}
      readOnly={readOnly}
      min={min}
      max={max}
      size={size ?? 'small'}
      variant={variant}
      margin={margin}
      fullWidth={fullWidth}
      className={['ra-input', `ra-input-${props.source}`, className].filter(Boolean).join(' ')}
      sx={sx}
    />
  );
};

/** A react-admin date input (forms and filters) typed and shown as the interface language writes dates; the value stays 'YYYY-MM-DD'. */
export const DateInput = (props: DateInputProps) => <PickerInput kind="date" props={props} />;

/** A react-admin date-time input in the interface language and a 24-hour clock; the value is the instant with the user's offset. */
export const DateTimeInput = (props: DateInputProps) => <PickerInput kind="dateTime" props={props} />;
