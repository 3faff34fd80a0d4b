// The pages' element lookups, shared by the game, replay and home pages: an element by id,
// and list items from texts.

/**
 * The element with this id. Each page's markup holds every id its script asks for, and
 * decides the element's kind (input, table, form...), so the result is not narrowed here.
 * @param {string} id
 * @returns {any}
 */
export const $ = (id) => document.getElementById(id);

/** @param {string[]} texts @returns {HTMLLIElement[]} */
export function listItems(texts) {
  return texts.map((text) => {
    const li = document.createElement('li');
    li.textContent = text;
    return li;
  });
}
