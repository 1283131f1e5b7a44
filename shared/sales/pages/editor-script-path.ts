/** Where the editor's script is served (`functions/sales/pages/editor-script.ts`); the page names it, the route serves it. */
export const EDITOR_SCRIPT_PATH = '/assets/editor.js';
