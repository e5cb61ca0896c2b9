import { Box, Skeleton } from '@mui/material';
import { AutocompleteArrayInput, ReferenceArrayInput, useTranslate } from 'react-admin';
import { useFormat, type Named } from '../common/useFormat';

/**
 * A read-only autocomplete is a disabled one to MUI, whose chips fade to a grey too pale to
 * read: read-only chips keep the text colour, as a read-only text field does.
 */
const READ_ONLY_CHIPS = {
  '& .MuiChip-root.Mui-disabled': { opacity: 1 },
  '& .MuiChip-root.Mui-disabled .MuiChip-label': { color: 'text.primary' },
} as const;

/** The cuisines of the restaurant's city, each by its name in the interface language. */
export const CuisinesInput = ({ cityId, readOnly }: { cityId: number | null | undefined; readOnly: boolean }) => {
  const { name } = useFormat();
  return (
    <ReferenceArrayInput source="selectedCuisines" reference="cuisines" filter={{ cityId }} perPage={1000}>
      <AutocompleteArrayInput
        optionText={(cuisine: Named) => name(cuisine)}
        label="resources.restaurants.fields.selectedCuisines"
        readOnly={readOnly}
        fullWidth
        sx={readOnly ? READ_ONLY_CHIPS : undefined}
      />
    </ReferenceArrayInput>
  );
};

/** Where the delivery prices by district will be, while the city's districts load. */
export const DistrictPricesLoading = () => {
  const translate = useTranslate();
  return (
    <Box
      role="progressbar"
      aria-label={translate('resources.restaurants.districtsLoading')}
      sx={{ width: '100%', mb: 2 }}
      data-testid="districts-loading"
    >
      <Skeleton variant="text" width={220} />
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} variant="rounded" height={40} sx={{ mt: 1, maxWidth: 560 }} />
      ))}
    </Box>
  );
};
