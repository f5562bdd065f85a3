/** The merchant an admin (superadmin / customer support) imports for: a searchable select over light merchants. */
import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';

interface LightMerchant {
  id: number;
  name: string;
}

export function MerchantSelect({ value, onChange, error }: { value: number | null; onChange: (id: number | null) => void; error?: string | null }) {
  const translate = useTranslate();
  const [search, setSearch] = useState('');
  const { data = [], isPending } = useGetList<LightMerchant>('merchants', {
    pagination: { page: 1, perPage: 50 },
    sort: { field: 'id', order: 'ASC' },
    filter: search ? { search } : {},
    meta: { light: true },
  });
  const selected = data.find((m) => m.id === value) ?? null;
  return (
    <Autocomplete
      options={data}
      loading={isPending}
      value={selected}
      getOptionLabel={(m) => m.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(options) => options}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') setSearch(text);
      }}
      onChange={(_event, merchant) => onChange(merchant?.id ?? null)}
      sx={{ maxWidth: 420 }}
      renderInput={(params) => (
        <TextField
          {...params}
          required
          label={translate('screens.import.upload.merchant')}
          helperText={error ?? translate('screens.import.upload.merchant_help')}
          error={Boolean(error)}
        />
      )}
    />
  );
}
