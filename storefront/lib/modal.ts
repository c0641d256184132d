/**
 * A modal's model (spec §4): it carries an `isDirty` flag, and closing it while dirty asks first
 * (through the confirm queue) instead of discarding the visitor's changes silently.
 */
import type { ConfirmQueue } from './confirm';

export class ModalState {
  open = false;
  isDirty = false;

  constructor(private readonly confirm: Pick<ConfirmQueue, 'confirm'>) {}

  show(): void {
    this.open = true;
    this.isDirty = false;
  }

  /** Marks unsaved changes (an input changed) or none (saved). */
  markDirty(dirty = true): void {
    this.isDirty = dirty;
  }

  /** Closes; when dirty, only once the visitor confirms discarding. Resolves whether it closed. */
  async requestClose(): Promise<boolean> {
    if (!this.open) return true;
    if (this.isDirty) {
      const outcome = await this.confirm.confirm({
        title: 'Discard your changes?',
        message: 'What you entered here has not been saved.',
        confirmLabel: 'Discard',
      });
      if (outcome !== 'confirmed') return false;
    }
    this.open = false;
    this.isDirty = false;
    return true;
  }
}
