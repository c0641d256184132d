/**
 * The catalogue domain's front door, as the server uses it: category moves with their items, the
 * catalogue file's import, a spreadsheet's import and export, set lists, and card pictures. The
 * CLI's commands and the sheet worker load the one module they run by name instead (lazily, so
 * `backlot --help` and a worker start without the rest).
 */
export { cardPictures, firstPhotoIn, relatedItems } from './card-pictures';
export { importCatalogue, readCatalogueFile } from './import-catalogue';
export { allItems, writeWithItemsMoved } from './move-items';
export { kitProblemsOf, kitUnitProblemsOf, pricedKit, repriceKits } from './kits';
export { SetLists, UnknownItemError, type ListOwner } from './set-lists';
export { applyImport, assertImportAllowed, retiringUnits, type ImportStep } from './import/apply-import';
export { exportSheet, type SheetFormat } from './import/export-sheet';
export { photoSourceOfZip } from './import/photo-source';
export { saveMapping, savedMappingsOf, type SavedMapping } from './import/saved-mappings';
