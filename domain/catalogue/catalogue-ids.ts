/**
 * The largest id a catalogue record (artist, label, master, release) can have: ids are whole numbers from 1 to
 * 2³¹ − 1, as the catalogue stores them. Discogs ids are far below it (about 35 million releases in 2025). A record
 * with a larger id cannot be stored, and a reference to one links nothing.
 */
export const MAX_CATALOGUE_ID = 2_147_483_647;

/** Whether `id` is an id a catalogue record can have (a whole number from 1 to `MAX_CATALOGUE_ID`). */
export const isCatalogueId = (id: number): boolean => Number.isSafeInteger(id) && id >= 1 && id <= MAX_CATALOGUE_ID;
