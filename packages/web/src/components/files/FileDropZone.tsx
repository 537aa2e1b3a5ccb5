import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type DragEvent, useId, useState } from 'react';
import { UploadFileIcon } from '../../icons/icons.tsx';
import { useFilePicker } from './useFilePicker.tsx';

/**
 * A file chosen with a button (the keyboard's way) or dropped anywhere on the zone around it; `hint` (the
 * size limit, say) is read with the button, so it is heard before a file is chosen.
 */
export function FileDropZone({
  accept,
  onFile,
  disabled,
  label,
  dropText,
  hint,
}: {
  accept: string;
  onFile: (file: File) => void;
  disabled: boolean;
  label: string;
  dropText: string;
  hint: string;
}) {
  const [over, setOver] = useState(false);
  const { picker, open } = useFilePicker(accept, onFile);
  const hintId = useId();
  const dragged = (event: DragEvent, inside: boolean) => {
    event.preventDefault();
    setOver(inside && !disabled);
  };
  return (
    <Box
      onDragOver={(event) => dragged(event, true)}
      onDragLeave={(event) => dragged(event, false)}
      onDrop={(event) => {
        dragged(event, false);
        const file = event.dataTransfer.files[0];
        if (file !== undefined && !disabled) {
          onFile(file);
        }
      }}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : undefined,
        borderRadius: 1,
        p: { xs: 2, sm: 3 },
        textAlign: 'center',
      }}
    >
      {picker}
      <Button
        variant="contained"
        startIcon={<UploadFileIcon />}
        onClick={open}
        disabled={disabled}
        aria-describedby={hintId}
      >
        {label}
      </Button>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {dropText}
      </Typography>
      <Typography variant="body2" id={hintId} sx={{ color: 'text.secondary' }}>
        {hint}
      </Typography>
    </Box>
  );
}
