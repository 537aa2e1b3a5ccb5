// A floor page of bench:lighthouse: the same five sections as react.mjs in MUI (the app's component library), under
// an app bar, with the default theme: what any MUI page pays before it does anything of its own.
import AppBar from '@mui/material/AppBar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';

const cards = [1, 2, 3, 4, 5].map((n) =>
  h(
    Card,
    { key: n, sx: { m: 2 } },
    h(
      CardContent,
      null,
      h(Typography, null, `Reservation ${n}`),
      h(Button, { variant: 'contained' }, 'Cancel'),
    ),
  ),
);
createRoot(document.getElementById('root')).render(
  h(
    ThemeProvider,
    { theme: createTheme() },
    h(CssBaseline),
    h(
      AppBar,
      { position: 'static' },
      h(Toolbar, null, h(Typography, { variant: 'h6', component: 'h1' }, 'ParkHere floor')),
    ),
    h('main', null, cards),
  ),
);
