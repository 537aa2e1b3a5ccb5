import { useParams } from 'react-router';

/** The `:signedIdentifier` of a view route; the server verifies it on every call, so it is passed as is. */
export function useSignedIdentifier(): string {
  return useParams().signedIdentifier ?? '';
}
