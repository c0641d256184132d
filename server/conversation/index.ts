/**
 * The conversation domain's front door: a thread per quote request or order between its
 * production and the house (messages, read per side, done), its store chosen in
 * server/stores/open-stores.ts.
 */
export { Conversations, type ConversationDeps, type ConversationView } from './conversations';
