import { configure } from '@testing-library/react';

// Screens are lazily loaded modules: on a busy two-core machine their first import in jsdom takes more than
// testing-library's default 1 s (and the theme drawer's took over 5 s at load 17), so a find waits up to 10 s
// for what a user would see appear.
configure({ asyncUtilTimeout: 10_000 });
