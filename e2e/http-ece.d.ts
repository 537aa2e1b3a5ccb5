// http_ece ships no types: the one call the tests make, decrypting an aes128gcm push message as a browser would.
declare module 'http_ece' {
  type Keys = { version: 'aes128gcm'; privateKey: import('node:crypto').ECDH; authSecret: string };
  const ece: { decrypt: (body: Buffer, keys: Keys) => Buffer };
  export default ece;
}
