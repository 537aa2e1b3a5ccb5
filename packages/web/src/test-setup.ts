import { configure } from '@testing-library/react';

// Screens are lazily loaded modules: on a busy two-core machine their first import in jsdom takes more than
// testing-library's default 1 s, so a find waits up to 5 s for what a user would see appear.
configure({ asyncUtilTimeout: 5_000 });
