/** The replay cursor and the visible window are the renderer's common store (stores/create-store.ts). */
export { ValueStore } from '../stores/create-store';
