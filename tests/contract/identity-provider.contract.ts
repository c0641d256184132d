/**
 * What every IdentityProvider adapter must do (spec §7, §8): sign up once per email, sign in with
 * §8's reasons for an unknown email and a wrong password, hand out a new session at every sign-in,
 * read a session back from its cookie, end it, and keep vendor memberships; the phone second
 * factor, sign-in links, guests, staff views with one-time tickets, the platform's hand-off session, and the account's changes. Run by each adapter's
 * test with its own factory.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IdentityProvider, SecondFactorPending, SignedIn } from '../../server/identity/identity-provider';
import { cookieHeader } from '../../server/identity/cookies';
import { AuthFailure, type AuthFailureReason } from '../../server/identity/messages';

/** The request headers a browser holding these cookies would send (later ones replace earlier ones). */
export function headersOf(...sets: Array<{ setCookies: string[] } | string[]>): Headers {
  return new Headers({ cookie: cookieHeader(sets.flatMap((set) => (Array.isArray(set) ? set : set.setCookies))) });
}

async function failureOf(promise: Promise<unknown>): Promise<AuthFailureReason | 'no failure'> {
  try {
    await promise;
    return 'no failure';
  } catch (error) {
    if (error instanceof AuthFailure) return error.reason;
    throw error;
  }
}

/** What an adapter's test hands the contract: the provider, and where its codes and links arrive. */
export interface ProviderUnderTest {
  identity: IdentityProvider;
  /** The last code texted to a phone number (as enrolled: digits with a leading +). */
  lastCode(phoneNumber: string): Promise<string>;
  /** The token of the last sign-in link mailed to an email. */
  lastLinkToken(email: string): Promise<string>;
  /** The token of the last email confirmation link mailed to an email, if any. */
  lastVerificationToken(email: string): Promise<string | undefined>;
  /** A platform staff member and the headers of their console session (staff views start there). */
  staff(): Promise<{ email: string; headers: Headers }>;
  cleanup(): Promise<void>;
}

export function describeIdentityProviderContract(name: string, open: () => Promise<ProviderUnderTest>) {
  describe(`IdentityProvider contract: ${name}`, () => {
    let identity: IdentityProvider;
    let under: ProviderUnderTest;
    beforeEach(async () => {
      under = await open();
      identity = under.identity;
    });
    afterEach(() => under.cleanup());

    const none = new Headers();
    const dana = { email: 'dana@studio.example', password: 'a long enough passphrase' };
    const signUp = (): Promise<SignedIn> => identity.signUp(dana, none);

    it('signs up, and the session it hands out reads back as that user', async () => {
      const signedIn = await signUp();
      expect(signedIn.user).toMatchObject({ email: dana.email, vendors: [] });
      expect(signedIn.setCookies.join('\n')).toMatch(/HttpOnly/i);
      expect(await identity.userOf(headersOf(signedIn))).toEqual(signedIn.user);
    });

    it('refuses a second sign-up for the same email, whatever its case', async () => {
      await signUp();
      expect(await failureOf(identity.signUp({ ...dana, email: 'Dana@Studio.example' }, none))).toBe(
        'firebaseEmailAlreadyInUse',
      );
    });

    it('tells an unknown email from a wrong password', async () => {
      await signUp();
      expect(await failureOf(identity.signIn({ ...dana, email: 'nobody@studio.example' }, none))).toBe(
        'firebaseUserNotFound',
      );
      expect(await failureOf(identity.signIn({ ...dana, password: 'not the passphrase' }, none))).toBe('wrongPassword');
    });

    it('hands out a new session at every sign-in, good until it is ended', async () => {
      const first = await signUp();
      const second = (await identity.signIn(dana, none)) as SignedIn;
      expect((await identity.userOf(headersOf(second)))?.uid).toBe(first.user.uid);
      // Whether other sessions survive is the provider's (Firebase revokes them all): this one ends.
      await identity.signOut(headersOf(second));
      expect(await identity.userOf(headersOf(second, await identity.signOut(headersOf(second))))).toBeUndefined();
    });

    it('reads no user from a missing or forged session', async () => {
      expect(await identity.userOf(none)).toBeUndefined();
      expect(await identity.userOf(new Headers({ cookie: 'backlot.session_token=forged.signature' }))).toBeUndefined();
    });

    it('keeps vendor memberships, joining each tenant once', async () => {
      const { user } = await signUp();
      await identity.join(user.uid, 'aviation');
      await identity.join(user.uid, 'aviation');
      await identity.join(user.uid, 'platform');
      const signedIn = await identity.signIn(dana, none);
      expect('user' in signedIn && signedIn.user.vendors).toEqual(['aviation', 'platform']);
    });

    it('lets two first joins of a new tenant race', async () => {
      const a = await signUp();
      const b = await identity.signUp({ email: 'sam@studio.example', password: dana.password }, none);
      await Promise.all([identity.join(a.user.uid, 'acme'), identity.join(b.user.uid, 'acme')]);
      expect((await identity.userOf(headersOf(a)))?.vendors).toEqual(['acme']);
      expect((await identity.userOf(headersOf(b)))?.vendors).toEqual(['acme']);
    });

    it('asks an account with a phone second factor for the texted code, and a wrong code leaves it waiting', async () => {
      const signedUp = await signUp();
      const phone = '+18185550100';
      // Firebase enrols a second factor only on a proven email (the local provider does not ask).
      await identity.sendEmailVerification(headersOf(signedUp));
      await identity.verifyEmail((await under.lastVerificationToken(dana.email))!);
      const enrolling = headersOf(signedUp, await identity.sendPhoneCode(phone, headersOf(signedUp)));
      expect(
        await failureOf(
          identity.enrolPhone(
            { phoneNumber: phone, code: await under.lastCode(phone), password: 'not the passphrase' },
            enrolling,
          ),
        ),
      ).toBe('requiresRecentLogin');
      await identity.enrolPhone(
        { phoneNumber: phone, code: await under.lastCode(phone), password: dana.password },
        enrolling,
      );

      const pending = await identity.signIn(dana, none);
      expect(pending).toMatchObject({ secondFactorPending: true, phoneHint: '•••• 0100' });
      expect(await identity.userOf(headersOf(pending as SecondFactorPending))).toBeUndefined();
      const waiting = headersOf(pending, await identity.sendSecondFactorCode(headersOf(pending)));
      expect(await failureOf(identity.confirmSecondFactor('000000', waiting))).toBe('invalidVerificationCode');
      // A permanent failure's cookies end the pending sign-in: no code can be asked for after them.
      const ended = headersOf(pending, identity.endPendingSignIn());
      expect(await failureOf(identity.sendSecondFactorCode(ended))).toBe('secondFactorTimedOut');
      const signedIn = await identity.confirmSecondFactor(await under.lastCode(phone), waiting);
      expect(signedIn.user).toMatchObject({ uid: signedUp.user.uid, phoneHint: '•••• 0100' });
      expect((await identity.userOf(headersOf(signedIn)))?.uid).toBe(signedUp.user.uid);
      // A new password keeps this browser signed in: it proved the password and passed the code.
      const changed = await identity.changePassword(
        { password: dana.password, newPassword: 'a newer long passphrase' },
        headersOf(signedIn),
      );
      expect((await identity.userOf(headersOf(signedIn, changed)))?.uid).toBe(signedUp.user.uid);
    });

    it('signs in with a mailed link once, and refuses it after', async () => {
      const signedUp = await signUp();
      await identity.sendSignInLink(dana.email, new Headers({ 'x-backlot-link-origin': 'http://aviation.localhost' }));
      const token = await under.lastLinkToken(dana.email);
      const signedIn = await identity.signInWithLink(token, none);
      expect(signedIn.user.uid).toBe(signedUp.user.uid);
      expect(await failureOf(identity.signInWithLink(token, none))).toBe('invalidEmailLoginLink');
      expect(await failureOf(identity.signInWithLink('not-a-token', none))).toBe('invalidEmailLoginLink');
    });

    it('proves an email with the mailed confirmation link', async () => {
      const signedUp = await signUp();
      expect(signedUp.user.emailVerified).toBe(false);
      await identity.sendEmailVerification(headersOf(signedUp));
      const token = (await under.lastVerificationToken(dana.email))!;
      expect(token).toBeTruthy();
      expect(await failureOf(identity.verifyEmail('not-a-token'))).toBe('invalidEmailVerificationLink');
      expect(await identity.verifyEmail(token)).toMatchObject({
        uid: signedUp.user.uid,
        email: dana.email,
        emailVerified: true,
      });
      expect((await identity.userOf(headersOf(signedUp)))?.emailVerified).toBe(true);
      // Proven: asking again mails nothing.
      await identity.sendEmailVerification(headersOf(signedUp));
      expect(await under.lastVerificationToken(dana.email)).toBe(token);
      // A guest has no email to prove.
      const guest = await identity.signInAnonymously(none);
      await identity.sendEmailVerification(headersOf(guest));
    });

    it('lets platform staff view the storefront as a visitor, with a ticket that works once', async () => {
      const visitor = await signUp();
      const staff = await under.staff();
      const ticket = await identity.issueImpersonationTicket(visitor.user.uid, staff);
      const viewing = await identity.signInWithTicket(ticket, none);
      expect(viewing.user).toMatchObject({
        uid: visitor.user.uid,
        email: dana.email,
        impersonatedBy: { email: staff.email },
      });
      expect((await identity.userOf(headersOf(viewing)))?.impersonatedBy?.email).toBe(staff.email);
      expect(await failureOf(identity.signInWithTicket(ticket, none))).toBe('invalidImpersonationTicket');
      expect(await failureOf(identity.signInWithTicket('a-forged-ticket', none))).toBe('invalidImpersonationTicket');
      // Ending the view ends only the view (the local library hands the staff member's own session
      // back, Firebase signs the browser out): the visitor's own session goes on.
      const after = await identity.userOf(headersOf(viewing, await identity.stopImpersonating(headersOf(viewing))));
      expect(after?.uid).not.toBe(visitor.user.uid);
      expect(after?.impersonatedBy).toBeUndefined();
      expect((await identity.userOf(headersOf(visitor)))?.impersonatedBy).toBeUndefined();
      expect((await identity.userOf(headersOf(visitor)))?.uid).toBe(visitor.user.uid);
    });

    it("makes the same identity a session of its own for the platform's hand-off, and none for a user who is gone", async () => {
      const signedUp = await signUp();
      const handedOff = await identity.handOffSession(signedUp.user.uid, none);
      expect(handedOff.user).toMatchObject({ uid: signedUp.user.uid, email: dana.email });
      expect(handedOff.user.impersonatedBy).toBeUndefined();
      expect(handedOff.setCookies.join('\n')).toMatch(/HttpOnly/i);
      expect((await identity.userOf(headersOf(handedOff)))?.uid).toBe(signedUp.user.uid);
      // The session it came from goes on beside it.
      expect((await identity.userOf(headersOf(signedUp)))?.uid).toBe(signedUp.user.uid);
      expect(await failureOf(identity.handOffSession('no-such-user', none))).toBe('invalidHandOffTicket');
    });

    it('changes the password only with the current one; this session stays and the old password stops working', async () => {
      const signedUp = await signUp();
      const newPassword = 'a different long passphrase';
      expect(
        await failureOf(identity.changePassword({ password: 'not the passphrase', newPassword }, headersOf(signedUp))),
      ).toBe('requiresRecentLogin');
      const changed = await identity.changePassword({ password: dana.password, newPassword }, headersOf(signedUp));
      expect((await identity.userOf(headersOf(signedUp, changed)))?.uid).toBe(signedUp.user.uid);
      expect(await failureOf(identity.signIn(dana, none))).toBe('wrongPassword');
      expect(await identity.signIn({ ...dana, password: newPassword }, none)).toMatchObject({
        user: { uid: signedUp.user.uid },
      });
    });

    it('changes the email only with the password and once the new address is proven, never to one another account has', async () => {
      const signedUp = await signUp();
      const { uid } = signedUp.user;
      await identity.signUp({ email: 'sam@studio.example', password: dana.password }, none);
      const check = (password: string, newEmail: string) =>
        identity.checkEmailChange({ password, newEmail }, headersOf(signedUp));
      expect(await failureOf(check('not the passphrase', 'dana@newstudio.example'))).toBe('requiresRecentLogin');
      expect(await failureOf(check(dana.password, 'Sam@Studio.example'))).toBe('firebaseEmailAlreadyInUse');
      // Checked, nothing changes: the new address is the user's only once its link is followed.
      expect(await check(dana.password, 'Dana@NewStudio.example')).toMatchObject({
        user: { uid, email: dana.email },
        email: 'dana@newstudio.example',
      });
      expect((await identity.userOf(headersOf(signedUp)))?.email).toBe(dana.email);
      // A link for an address the user has moved on from, or to one taken since, changes nothing.
      expect(
        await failureOf(identity.setProvenEmail(uid, { from: 'someone@else.example', to: 'dana@newstudio.example' })),
      ).toBe('invalidEmailVerificationLink');
      expect(await failureOf(identity.setProvenEmail(uid, { from: dana.email, to: 'sam@studio.example' }))).toBe(
        'firebaseEmailAlreadyInUse',
      );
      expect(await identity.setProvenEmail(uid, { from: dana.email, to: 'dana@newstudio.example' })).toMatchObject({
        uid,
        email: 'dana@newstudio.example',
        emailVerified: true,
      });
      expect(await failureOf(identity.signIn(dana, none))).toBe('firebaseUserNotFound');
      const again = await identity.signIn({ ...dana, email: 'dana@newstudio.example' }, none);
      expect(again).toMatchObject({ user: { uid, email: 'dana@newstudio.example', emailVerified: true } });
      // Undone from the old address, every session ends. Firebase ends sessions begun before the
      // whole second of the revocation, so let one pass since the sign-in: otherwise it survives by chance.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await identity.setProvenEmail(uid, { from: 'dana@newstudio.example', to: dana.email });
      await identity.endSessionsOf(uid);
      expect(await identity.userOf(headersOf(again as SignedIn))).toBeUndefined();
      expect(await identity.signIn(dana, none)).toMatchObject({ user: { uid, email: dana.email } });
    });

    it('deletes the account only with the password, and its sessions with it', async () => {
      const signedUp = await signUp();
      expect(await failureOf(identity.deleteAccount('not the passphrase', headersOf(signedUp)))).toBe(
        'requiresRecentLogin',
      );
      const deleted = await identity.deleteAccount(dana.password, headersOf(signedUp));
      expect(deleted.user.uid).toBe(signedUp.user.uid);
      expect(await identity.userOf(headersOf(signedUp))).toBeUndefined();
      expect(await failureOf(identity.signIn(dana, none))).toBe('firebaseUserNotFound');
    });

    it('gives a guest a session with no account, and a sign-up from it becomes a real account', async () => {
      const guest = await identity.signInAnonymously(none);
      expect(guest.user).toMatchObject({ isAnonymous: true, vendors: [] });
      expect((await identity.userOf(headersOf(guest)))?.isAnonymous).toBe(true);
      const upgraded = await identity.signUp(dana, headersOf(guest));
      expect(upgraded.user).toMatchObject({ email: dana.email });
      expect(upgraded.user.isAnonymous).toBeFalsy();
      expect((await identity.userOf(headersOf(upgraded)))?.email).toBe(dana.email);
    });
  });
}
