/**
 * Changes this page makes to its request (a sub-hire asked or accepted …) told apart from changes
 * made elsewhere: the page's live reload says "changed elsewhere" only for the others. A child
 * wraps its call in `ownChange`; until the page has read the request again after it, an event
 * about the request is this admin's own.
 */
import { createContext, useContext } from 'react';

export type OwnChange = <T>(work: () => Promise<T>) => Promise<T>;

const OwnChangeContext = createContext<OwnChange>((work) => work());

export const OwnChangeProvider = OwnChangeContext.Provider;

export const useOwnChange = () => useContext(OwnChangeContext);
