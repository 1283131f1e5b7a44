import { accessTokenResolver } from '../oauth/token-verification.ts';
import { apiKeyResolver } from './api-keys.ts';
import type { CredentialResolver } from './credential.ts';

/** Every kind of bearer credential the API accepts, tried by the shape of the token. */
export const credentialResolvers: readonly CredentialResolver[] = [apiKeyResolver, accessTokenResolver];
