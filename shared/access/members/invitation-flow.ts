/**
 * What the invitation page's form does, apart from HTTP: a person without an account is made one (name and password
 * checked first), one with an account proves it with its password (through the sign-in's throttle, so the page is
 * no way around it), and then the invitation is accepted, once.
 */
import type { Id } from '../../platform/core/ids.ts';
import { HashingBusy } from '../users/passwords.ts';
import { attemptSignIn } from '../users/sign-in.ts';
import { findUserByEmail, newUserRecord } from '../users/users.ts';
import { acceptInvitation, type OpenInvitation } from './members.ts';
import { MIN_PASSWORD_LENGTH } from './invitation-page.tsx';

export type JoinOutcome =
  | { readonly kind: 'joined'; readonly userId: Id; readonly businessId: Id }
  | { readonly kind: 'refused'; readonly status: 400 | 401 | 409 | 429; readonly error: string; readonly retryAfterSeconds?: number };

const MAX_NAME_LENGTH = 100;
const MAX_PASSWORD_LENGTH = 1024;

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

export async function joinByInvitation(invitation: OpenInvitation, form: { readonly name?: string; readonly password: string; readonly passwordAgain?: string }, clientAddress: string): Promise<JoinOutcome> {
  const email = invitation.member.record.email;
  const existing = await findUserByEmail(email);
  if (existing) {
    const signIn = await attemptSignIn({ email, password: form.password, clientAddress });
    if (signIn.kind === 'throttled') return { kind: 'refused', status: 429, error: `Too many failed attempts. Please wait ${minutes(signIn.retryAfterSeconds)} minutes and try again.`, retryAfterSeconds: signIn.retryAfterSeconds };
    if (signIn.kind === 'busy') return { kind: 'refused', status: 429, error: 'Too many people are signing in right now. Please try again in a moment.', retryAfterSeconds: signIn.retryAfterSeconds };
    if (signIn.kind === 'refused') return { kind: 'refused', status: 401, error: 'The password is not right.' };
    await acceptInvitation(invitation, { user: existing, isNew: false });
    return { kind: 'joined', userId: existing.id, businessId: invitation.businessId };
  }
  const name = (form.name ?? '').trim();
  if (name.length === 0 || name.length > MAX_NAME_LENGTH) return { kind: 'refused', status: 400, error: `Your name: between 1 and ${MAX_NAME_LENGTH} characters, please.` };
  if (form.password.length < MIN_PASSWORD_LENGTH || form.password.length > MAX_PASSWORD_LENGTH) return { kind: 'refused', status: 400, error: `The password: at least ${MIN_PASSWORD_LENGTH} characters, please.` };
  if (form.password !== form.passwordAgain) return { kind: 'refused', status: 400, error: 'The two passwords differ: type the same one twice.' };
  let user;
  try {
    user = await newUserRecord({ email, name, password: form.password });
  } catch (error) {
    if (error instanceof HashingBusy) return { kind: 'refused', status: 429, error: 'Too many people are signing in right now. Please try again in a moment.', retryAfterSeconds: 1 };
    throw error;
  }
  await acceptInvitation(invitation, { user, isNew: true });
  return { kind: 'joined', userId: user.id, businessId: invitation.businessId };
}
