/**
 * A file drop area that is also a button: click, Enter or Space opens the file chooser, and a file
 * dragged onto it is taken as well. The hidden <input type=file> carries the accessible label.
 */
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Typography } from '@mui/material';
import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';

export interface DropZoneProps {
  accept: string;
  label: string;
  hint: string;
  disabled?: boolean;
  onFile: (file: File) => void;
}

export function DropZone({ accept, label, hint, disabled = false, onFile }: DropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();
  const inputId = useId();

  const choose = () => {
    if (!disabled) input.current?.click();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose();
    }
  };
  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled) setOver(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files?.[0];
    if (file && !disabled) onFile(file);
  };

  return (
    <Box
      role="button"
      tabIndex={disabled ? -1 : 0}
      aria-disabled={disabled || undefined}
      aria-labelledby={`${inputId}-label`}
      aria-describedby={hintId}
      onClick={choose}
      onKeyDown={onKeyDown}
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="import-dropzone"
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'background.paper',
        borderRadius: 2,
        p: 4,
        textAlign: 'center',
        cursor: disabled ? 'default' : 'pointer',
        opacity: disabled ? 0.6 : 1,
        outlineOffset: 2,
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' },
      }}
    >
      <UploadFileIcon fontSize="large" color="primary" aria-hidden />
      <Typography id={`${inputId}-label`} component="label" htmlFor={inputId} sx={{ display: 'block', fontWeight: 500, cursor: 'inherit' }} onClick={(e) => e.preventDefault()}>
        {label}
      </Typography>
      <Typography id={hintId} variant="body2" color="text.secondary">
        {hint}
      </Typography>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={accept}
        hidden
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = '';
        }}
      />
    </Box>
  );
}
