/**
 * Who waits for a decision changed (a visitor approved or denied here): the menu's count reads
 * again at once, while the Users list keeps its rows in place (to change one's mind on them).
 */
export const waitingChanged = new EventTarget();

export const tellWaitingChanged = () => waitingChanged.dispatchEvent(new Event('change'));
