/**
 * The storefront frame's own words: what every page's header, footer, account corner, dialogs and
 * the visitor's session say, and the home page. Kept apart from the pages' words (messages.ts) so
 * the first load carries only these: each page's words arrive with its own code.
 */
export const frameMessages = {
  skipToContent: 'Skip to content',
  viewAll: (label: string) => `All ${label.toLowerCase()}`,
  rentalsHeading: 'Rentals',
  favoritesHeading: 'Favourites',
  quotesHeading: 'Your quotes',
  setListsHeading: 'Set lists',
  logIn: 'Log in',
  logOut: 'Log out',
  account: 'Your account',
  offline: 'We could not reach the server. Check your connection and try again.',
  tooManyAttempts: 'Too many attempts. Wait a minute, then try again.',
  somethingWentWrong: 'Something went wrong on our side. Try again in a moment.',
  logoutFailed:
    'We could not reach the server to log you out everywhere. This page has forgotten you; try again to end the session.',
  awaitingVerification:
    'You can ask any house for a quote now. Some houses serve only productions Backlot has verified: they answer once we have checked your account, and we will email you.',
  awaitingApproval: (vendor: string, verb: string) =>
    `Thanks for signing up. ${vendor} checks every new account: browse as much as you like, and we will email you as soon as you can send a ${verb.toLowerCase()} request.`,
  approvedNow: (verb: string) => `Your account is approved. You can now send ${verb.toLowerCase()} requests.`,
  denied: (vendor: string) => `${vendor} could not approve this account. If you think that is a mistake, get in touch.`,
  contactUs: 'Contact us',
  guestAccount: 'Guest · Sign up',
  yourAccountOf: (email: string) => `Your details and account (${email})`,
  yourAccountNamed: (name: string) => `${name}: your details`,
  staffView: 'Staff view',
  staffViewAs: (visitor: string, staff: string) =>
    `you are seeing the storefront as ${visitor}, signed in by ${staff}. Everything you do here is done as them.`,
  endStaffView: 'End staff view',
  browseRentals: 'Browse rentals',
  requestA: (verb: string) => `Request a ${verb.toLowerCase()}`,
  categories: (count: number) => (count === 1 ? '1 category' : `${count} categories`),
  cancel: 'Cancel',
  followUs: 'Follow us',
  mainNavigation: 'Main',
  footerNavigation: 'Footer',
  social: {
    facebook: 'Facebook',
    instagram: 'Instagram',
    twitter: 'Twitter',
    linkedin: 'LinkedIn',
    youtube: 'YouTube',
    tiktok: 'TikTok',
    pinterest: 'Pinterest',
    vimeo: 'Vimeo',
  } as Record<string, string>,
  contactStripTitle: 'Planning a shoot?',
  contactStripLead: (verb: string) =>
    `Tell us your dates and your set, and we will put together a ${verb.toLowerCase()}.`,
} as const;
