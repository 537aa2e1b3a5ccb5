// Confirms the end-session request at once: the app already asked the user to sign out.
document.getElementById('logout-confirm')?.click();
