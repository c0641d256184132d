/** A drop target for one file (the assets panel, an item's photo): whether a file is over it, and the handlers that take the first one dropped. */
import { useState, type DragEvent } from 'react';

export function useFileDrop(take: (file: File) => void) {
  const [dragging, setDragging] = useState(false);
  const dropProps = {
    onDragOver: (event: DragEvent) => {
      event.preventDefault();
      setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setDragging(false);
      const file = event.dataTransfer.files[0];
      if (file) take(file);
    },
  };
  return { dragging, dropProps };
}
