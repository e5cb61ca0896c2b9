import type { SxProps, Theme } from '@mui/material/styles';
import { format, isValid, parseISO, type Locale as DateFnsLocale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { es } from 'date-fns/locale/es';
import { ru } from 'date-fns/locale/ru';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DesktopDatePicker } from '@mui/x-date-pickers/DesktopDatePicker';
import { DesktopDateTimePicker } from '@mui/x-date-pickers/DesktopDateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS as pickersEn, esES as pickersEs, ruRU as pickersRu } from '@mui/x-date-pickers/locales';
import type { DateTimeValidationError } from '@mui/x-date-pickers/models';
import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { useTranslate } from 'react-admin';
import type { Locale } from '../../../domain';
import { useFormat } from '../useFormat';

/** The calendar's month and day names and the typed order of day, month and year, as the app's dates read in each language. */
const DATE_FNS_LOCALES: Record<Locale, DateFnsLocale> = { en: enUS, ru, es };

/** The pickers' own words (the placeholders ДД.ММ.ГГГГ, "Open calendar", the toolbar) in each language. */
const PICKER_TEXTS = {
  en: pickersEn.components.MuiLocalizationProvider.defaultProps.localeText,
  ru: pickersRu.components.MuiLocalizationProvider.defaultProps.localeText,
  es: pickersEs.components.MuiLocalizationProvider.defaultProps.localeText,
} as const;

/** The typed formats: the locale's short date, and a 24-hour clock as the app's times are shown. */
const DATE_FORMAT = 'P';
const DATE_TIME_FORMAT = 'P HH:mm';

/** A day written the way the sample in the error reads it: the last day of a year, so day and month cannot be confused. */
const SAMPLE = new Date(2026, 11, 31, 18, 30);

export type PickerKind = 'date' | 'dateTime';

export interface PickerFieldProps {
  kind: PickerKind;
  /** A day 'YYYY-MM-DD' or, for a date-time, an ISO instant; '' or null when none. */
  value: string | null;
  /** Called with the day 'YYYY-MM-DD' or the instant with the user's offset; '' when emptied or not a full date. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  label: ReactNode;
  id?: string;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** An error to show from outside (the form's rules), already in the interface language. */
  error?: ReactNode;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  /** The earliest and latest days allowed, 'YYYY-MM-DD'. */
  min?: string;
  max?: string;
  size?: 'small' | 'medium';
  variant?: 'filled' | 'outlined' | 'standard';
  margin?: 'dense' | 'normal' | 'none';
  fullWidth?: boolean;
  className?: string;
  sx?: SxProps<Theme>;
}

const toDate = (kind: PickerKind, value: string | null): Date | null => {
  if (!value) return null;
  const date = kind === 'date' ? parseISO(value.slice(0, 10)) : new Date(value);
  return isValid(date) ? date : null;
};

const toValue = (kind: PickerKind, date: Date | null): string => {
  if (!date || !isValid(date)) return '';
  return format(date, kind === 'date' ? 'yyyy-MM-dd' : "yyyy-MM-dd'T'HH:mm:ssXXX");
};

/**
 * A date or date-time field written and read in the interface language (31.12.2026 in
 * Russian, 12/31/2026 in English), with a calendar in that language; the value it gives stays
 * ISO. The field is a plain input, so its label names it and a test or a user can type or
 * paste a whole date. A date not fully typed shows why next to the field and gives no value.
 */
export default function PickerField(props: PickerFieldProps) {
  const { kind, value, onChange, min, max } = props;
  const translate = useTranslate();
  const { locale } = useFormat();
  const dateLocale = DATE_FNS_LOCALES[locale];
  // What the user is typing, kept while it is not a full date; the outside value wins when it changes.
  const [shown, setShown] = useState<Date | null>(() => toDate(kind, value));
  const given = useRef(value ?? '');
  useEffect(() => {
    const outside = value ?? '';
    if (outside === given.current) return;
    given.current = outside;
    setShown(toDate(kind, outside));
  }, [kind, value]);
  const [problem, setProblem] = useState<DateTimeValidationError>(null);

  const change = (date: Date | null) => {
    setShown(date);
    const next = toValue(kind, date);
    if (next === given.current) return;
    given.current = next;
    onChange(next);
  };
  const minDate = toDate('date', min ?? null) ?? undefined;
  const maxDate = toDate('date', max ?? null) ?? undefined;
  const typed = kind === 'date' ? DATE_FORMAT : DATE_TIME_FORMAT;
  const day = (date: Date | undefined) => (date ? format(date, 'P', { locale: dateLocale }) : '');
  // A date not fully typed first (the form only knows it as empty), then the form's own words, then the allowed range.
  const error =
    problem === 'invalidDate'
      ? translate('app.dates.invalid', { example: format(SAMPLE, typed, { locale: dateLocale }) })
      : (props.error ??
        (problem === 'minDate'
          ? translate('app.dates.tooEarly', { date: day(minDate) })
          : problem === 'maxDate'
            ? translate('app.dates.tooLate', { date: day(maxDate) })
            : undefined));
  const helperText = error ?? props.helperText;
  const common = {
    value: shown,
    onChange: change,
    onError: setProblem,
    label: props.label,
    name: props.name,
    inputRef: props.inputRef,
    disabled: props.disabled,
    readOnly: props.readOnly,
    minDate,
    maxDate,
    format: typed,
    className: props.className,
    sx: props.sx,
    enableAccessibleFieldDOMStructure: false,
    slotProps: {
      textField: {
        id: props.id,
        required: props.required,
        error: error !== undefined,
        helperText: helperText === false ? undefined : helperText,
        size: props.size,
        variant: props.variant,
        margin: props.margin,
        fullWidth: props.fullWidth,
        onBlur: props.onBlur,
      },
    },
  } as const;
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={dateLocale} localeText={PICKER_TEXTS[locale]}>
      {kind === 'date' ? <DesktopDatePicker {...common} /> : <DesktopDateTimePicker {...common} ampm={false} />}
    </LocalizationProvider>
  );
}
